import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { nextPageFrom } from "../lib/aliases";
import type { ProductFilter, ProductList } from "../types";

export const PRODUCTS_PAGE_SIZE = 50;
export const catalogQueryKey = ["catalog"] as const;
export const productsQueryKey = [...catalogQueryKey, "products"] as const;

export async function getProducts(filter: ProductFilter, page: number): Promise<ProductList> {
  const params: Record<string, string | number> = { page, page_size: PRODUCTS_PAGE_SIZE };
  if (filter.q.trim()) params.q = filter.q.trim();
  if (filter.inStock !== null) params.in_stock = String(filter.inStock);
  const response = await apiClient.get<ProductList>("/catalog/products", { params });
  return response.data;
}

export const getProductsQueryOptions = (filter: ProductFilter) =>
  infiniteQueryOptions({
    queryKey: [...productsQueryKey, filter.q.trim(), filter.inStock ?? "all"],
    queryFn: ({ pageParam }) => getProducts(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
  });

export function useProducts(filter: ProductFilter) {
  return useInfiniteQuery({ ...getProductsQueryOptions(filter), placeholderData: keepPreviousData });
}
