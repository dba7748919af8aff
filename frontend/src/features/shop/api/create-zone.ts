import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Zone, ZoneInput } from "../types";
import { shopQueryKey } from "./keys";

export async function createZone(input: ZoneInput): Promise<Zone> {
  const response = await apiClient.post<Zone>("/shop/zones", input);
  return response.data;
}

export function useCreateZone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createZone, onSuccess: () => void queryClient.invalidateQueries({ queryKey: shopQueryKey }) });
}
