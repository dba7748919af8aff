import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { nextPageFrom } from "@/lib/pagination";
import type { DeliveryList, DeliveryStatus } from "../types";

export const DELIVERIES_PAGE_SIZE = 20;
export const logisticsQueryKey = ["dashboard", "logistics"] as const;
export const deliveriesQueryKey = [...logisticsQueryKey, "deliveries"] as const;

export async function getDeliveries(status: DeliveryStatus | null, page: number): Promise<DeliveryList> {
  const response = await apiClient.get<DeliveryList>("/logistics/deliveries", {
    params: { page, page_size: DELIVERIES_PAGE_SIZE, ...(status ? { status } : {}) },
  });
  return response.data;
}

export const deliveriesQueryOptions = (status: DeliveryStatus | null) =>
  infiniteQueryOptions({
    queryKey: [...deliveriesQueryKey, status ?? "all"],
    queryFn: ({ pageParam }) => getDeliveries(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
  });

export function useDeliveries(status: DeliveryStatus | null) {
  // The drivers' steps (Récupéré, Livré, Problème) show without a reload.
  return useInfiniteQuery({ ...deliveriesQueryOptions(status), placeholderData: keepPreviousData, refetchInterval: 30_000 });
}
