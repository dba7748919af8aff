import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Zone, ZoneInput } from "../types";
import { shopQueryKey } from "./keys";

export async function updateZone({ id, ...changes }: { id: number } & Partial<ZoneInput>): Promise<Zone> {
  const response = await apiClient.patch<Zone>(`/shop/zones/${id}`, changes);
  return response.data;
}

export function useUpdateZone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateZone, onSuccess: () => void queryClient.invalidateQueries({ queryKey: shopQueryKey }) });
}
