import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Delivery } from "../types";
import { logisticsQueryKey } from "./get-deliveries";

/** A new estimated time and the reason, shown on the delivery. */
export async function reportDelay({ reference, estimated_time, note }: { reference: string; estimated_time: string; note: string }): Promise<Delivery> {
  const response = await apiClient.post<Delivery>(`/logistics/deliveries/${encodeURIComponent(reference)}/delay`, { estimated_time, note });
  return response.data;
}

/** Every logistics list and counter may change: refetch them. */
export function useReportDelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportDelay,
    // Not awaited: the card that asked may leave the filtered list, and its own callbacks must still run.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: logisticsQueryKey }),
  });
}
