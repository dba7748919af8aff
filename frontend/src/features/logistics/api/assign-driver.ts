import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Delivery } from "../types";
import { logisticsQueryKey } from "./get-deliveries";

export async function assignDriver({ reference, driver_id }: { reference: string; driver_id: number }): Promise<Delivery> {
  const response = await apiClient.post<Delivery>(`/logistics/deliveries/${encodeURIComponent(reference)}/assign`, { driver_id });
  return response.data;
}

/** Every logistics list and counter may change: refetch them. */
export function useAssignDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignDriver,
    // Not awaited: the card that asked may leave the filtered list, and its own callbacks must still run.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: logisticsQueryKey }),
  });
}
