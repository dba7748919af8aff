import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";
import { dashboardHomeQueryKey } from "@/api/query-keys";

import type { DashboardHome } from "../types";

export async function getDashboardHome(): Promise<DashboardHome> {
  const response = await apiClient.get<DashboardHome>("/auth/dashboard");
  return response.data;
}

export const dashboardHomeQueryOptions = () => queryOptions({ queryKey: dashboardHomeQueryKey, queryFn: getDashboardHome });

export function useDashboardHome() {
  return useQuery(dashboardHomeQueryOptions());
}
