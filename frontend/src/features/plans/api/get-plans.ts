import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { PlanOffer } from "../types";

export const plansQueryKey = ["dashboard", "plans"] as const;

export async function getPlans(): Promise<PlanOffer[]> {
  const response = await apiClient.get<{ results: PlanOffer[] }>("/subscriptions/plans");
  return response.data.results;
}

export const getPlansQueryOptions = () => queryOptions({ queryKey: plansQueryKey, queryFn: getPlans });

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
