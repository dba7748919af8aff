import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { OrderDetail } from "../types";
import { ordersQueryKey } from "./get-orders";

export async function getOrder(id: number): Promise<OrderDetail> {
  const response = await apiClient.get<OrderDetail>(`/orders/${id}`);
  return response.data;
}

export const getOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ordersQueryKey, "detail", id], queryFn: () => getOrder(id) });

export function useOrder(id: number | null) {
  return useQuery({ ...getOrderQueryOptions(id ?? 0), enabled: id !== null });
}
