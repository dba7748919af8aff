import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";
import { nextPageFrom } from "@/lib/pagination";

import { filterParams } from "../lib/status";
import type { OrderFilters, OrderList } from "../types";

export const ORDERS_PAGE_SIZE = 20;
export const ordersQueryKey = ["orders"] as const;

export async function getOrders(filters: OrderFilters, page: number): Promise<OrderList> {
  const response = await apiClient.get<OrderList>("/orders", {
    params: { page, page_size: ORDERS_PAGE_SIZE, ...filterParams(filters) },
  });
  return response.data;
}

export const getOrdersQueryOptions = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: [...ordersQueryKey, "list", filterParams(filters)],
    queryFn: ({ pageParam }) => getOrders(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
  });

export function useOrders(filters: OrderFilters) {
  return useInfiniteQuery({ ...getOrdersQueryOptions(filters), placeholderData: keepPreviousData });
}
