import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Checklist } from "../types";
import { shopQueryKey } from "./keys";

/** What the assistant still lacks: products, delivery zones, a connected WhatsApp number. */
export async function getChecklist(): Promise<Checklist> {
  const response = await apiClient.get<Checklist>("/shop/checklist");
  return response.data;
}

export const getChecklistQueryOptions = () => queryOptions({ queryKey: [...shopQueryKey, "checklist"], queryFn: getChecklist });

export function useChecklist() {
  return useQuery(getChecklistQueryOptions());
}
