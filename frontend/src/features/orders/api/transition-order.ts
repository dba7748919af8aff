import { apiClient } from "@/api/client";

import type { OrderDetail, OrderStatus } from "../types";
import { useOrderMutation } from "./use-order-mutation";

export async function transitionOrder({ id, status }: { id: number; status: OrderStatus }): Promise<OrderDetail> {
  const response = await apiClient.post<OrderDetail>(`/orders/${id}/transition`, { status });
  return response.data;
}

export function useTransitionOrder() {
  return useOrderMutation(transitionOrder);
}
