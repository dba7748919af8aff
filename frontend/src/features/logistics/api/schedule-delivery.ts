import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Delivery, DeliverySchedulePayload } from "../types";
import { logisticsQueryKey } from "./get-deliveries";

/** A new delivery "En attente" with the account's next LIV-<year>-<number> reference. */
export async function scheduleDelivery(payload: DeliverySchedulePayload): Promise<Delivery> {
  const response = await apiClient.post<Delivery>("/logistics/deliveries", payload);
  return response.data;
}

/** Every logistics list and counter may change: refetch them. */
export function useScheduleDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleDelivery,
    // Not awaited: the card that asked may leave the filtered list, and its own callbacks must still run.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: logisticsQueryKey }),
  });
}
