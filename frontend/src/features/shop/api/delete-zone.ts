import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { shopQueryKey } from "./keys";

export async function deleteZone(id: number): Promise<void> {
  await apiClient.delete(`/shop/zones/${id}`);
}

export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteZone, onSuccess: () => void queryClient.invalidateQueries({ queryKey: shopQueryKey }) });
}
