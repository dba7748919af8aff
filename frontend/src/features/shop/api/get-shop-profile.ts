import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ShopProfile } from "../types";
import { shopQueryKey } from "./keys";

export async function getShopProfile(): Promise<ShopProfile> {
  const response = await apiClient.get<ShopProfile>("/shop/profile");
  return response.data;
}

export const getShopProfileQueryOptions = () => queryOptions({ queryKey: [...shopQueryKey, "profile"], queryFn: getShopProfile });

export function useShopProfile() {
  return useQuery(getShopProfileQueryOptions());
}
