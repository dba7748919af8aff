import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { nextPageFrom } from "@/lib/pagination";
import type { DriverList } from "../types";
import { logisticsQueryKey } from "./get-deliveries";

export const DRIVERS_PAGE_SIZE = 50;
export const driversQueryKey = [...logisticsQueryKey, "drivers"] as const;

export async function getDrivers(page: number): Promise<DriverList> {
  const response = await apiClient.get<DriverList>("/logistics/drivers", { params: { page, page_size: DRIVERS_PAGE_SIZE } });
  return response.data;
}

export const driversQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: driversQueryKey,
    queryFn: ({ pageParam }) => getDrivers(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
  });

/** Positions come every 30 s at most from the drivers' pages: the list follows at that pace. */
export const LIVE_REFRESH_MS = 30_000;

export function useDrivers() {
  return useInfiniteQuery({ ...driversQueryOptions(), refetchInterval: LIVE_REFRESH_MS });
}
