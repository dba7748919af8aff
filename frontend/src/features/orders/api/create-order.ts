import { apiClient } from "@/api/client";

import type { OrderCreateInput, OrderDetail } from "../types";
import { useOrderMutation } from "./use-order-mutation";

export async function createOrder(input: OrderCreateInput): Promise<OrderDetail> {
  const response = await apiClient.post<OrderDetail>("/orders", input);
  return response.data;
}

export function useCreateOrder() {
  return useOrderMutation(createOrder);
}
