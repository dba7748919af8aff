import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Delivery, DeliveryStatus } from "../types";
import { logisticsQueryKey } from "./get-deliveries";

/** One step forward only (pending → preparing → en_route → delivered); anything else is a French 400. */
export async function changeDeliveryStatus({ reference, status }: { reference: string; status: DeliveryStatus }): Promise<Delivery> {
  const response = await apiClient.post<Delivery>(`/logistics/deliveries/${encodeURIComponent(reference)}/status`, { status });
  return response.data;
}

/** Every logistics list and counter may change: refetch them. */
export function useChangeDeliveryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDeliveryStatus,
    // Not awaited: the card that asked may leave the filtered list, and its own callbacks must still run.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: logisticsQueryKey }),
  });
}
