import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { AnalyticsOverview } from "../types";

export const analyticsQueryKey = ["dashboard", "analytics"] as const;

/** 403 unless the plan opens the statistics (the route guard checks it first). */
export async function getAnalytics(): Promise<AnalyticsOverview> {
  const response = await apiClient.get<AnalyticsOverview>("/analytics");
  return response.data;
}

export const analyticsQueryOptions = () => queryOptions({ queryKey: analyticsQueryKey, queryFn: getAnalytics });

export function useAnalytics() {
  return useQuery(analyticsQueryOptions());
}
