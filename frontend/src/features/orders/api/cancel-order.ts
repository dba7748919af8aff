import { apiClient } from "@/api/client";

import type { OrderDetail } from "../types";
import { useOrderMutation } from "./use-order-mutation";

export async function cancelOrder({ id, reason }: { id: number; reason: string }): Promise<OrderDetail> {
  const response = await apiClient.post<OrderDetail>(`/orders/${id}/cancel`, { reason });
  return response.data;
}

export function useCancelOrder() {
  return useOrderMutation(cancelOrder);
}
