import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ShopDocument } from "../types";
import { shopQueryKey } from "./keys";

/** The whole document: what « Exporter » downloads. */
export async function getShopDocument(): Promise<ShopDocument> {
  const response = await apiClient.get<ShopDocument>("/shop");
  return response.data;
}

export const getShopDocumentQueryOptions = () => queryOptions({ queryKey: [...shopQueryKey, "document"], queryFn: getShopDocument });

export function useShopDocument() {
  return useQuery(getShopDocumentQueryOptions());
}
