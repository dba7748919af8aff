import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { OrderList } from "../types";
import { ordersQueryKey } from "./get-orders";

/** Orders « Confirmée » waiting for the owner: the counters of a one-row page of the list. */
export async function getNewOrdersCount(): Promise<number> {
  const response = await apiClient.get<OrderList>("/orders", { params: { status: "confirmed", page_size: 1 } });
  return response.data.counters.confirmed;
}

export const getNewOrdersCountQueryOptions = () =>
  queryOptions({ queryKey: [...ordersQueryKey, "new-count"], queryFn: getNewOrdersCount, refetchInterval: 60_000 });

export function useNewOrdersCount() {
  return useQuery(getNewOrdersCountQueryOptions());
}
