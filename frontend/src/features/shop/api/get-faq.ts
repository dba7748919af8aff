import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { FaqItem } from "../types";
import { shopQueryKey } from "./keys";

export async function getFaq(): Promise<FaqItem[]> {
  const response = await apiClient.get<{ results: FaqItem[] }>("/shop/faq");
  return response.data.results;
}

export const getFaqQueryOptions = () => queryOptions({ queryKey: [...shopQueryKey, "faq"], queryFn: getFaq });

export function useFaq() {
  return useQuery(getFaqQueryOptions());
}
