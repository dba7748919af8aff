import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ShopVersion } from "../types";
import { shopQueryKey } from "./keys";

/** « Historique »: the kept versions, newest first, without their documents. Under "shop", so every
 * shop write (which archives the previous state) refreshes it. */
export async function getShopVersions(): Promise<ShopVersion[]> {
  const response = await apiClient.get<{ results: ShopVersion[] }>("/shop/versions");
  return response.data.results;
}

export const getShopVersionsQueryOptions = () => queryOptions({ queryKey: [...shopQueryKey, "versions"], queryFn: getShopVersions });

export function useShopVersions() {
  return useQuery(getShopVersionsQueryOptions());
}
