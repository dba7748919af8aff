import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Zone } from "../types";
import { shopQueryKey } from "./keys";

export async function getZones(): Promise<Zone[]> {
  const response = await apiClient.get<{ results: Zone[] }>("/shop/zones");
  return response.data.results;
}

export const getZonesQueryOptions = () => queryOptions({ queryKey: [...shopQueryKey, "zones"], queryFn: getZones });

export function useZones() {
  return useQuery(getZonesQueryOptions());
}
