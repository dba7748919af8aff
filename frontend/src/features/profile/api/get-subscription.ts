import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { SubscriptionCard } from "../types";

export const subscriptionQueryKey = ["dashboard", "subscription"] as const;

export async function getSubscription(): Promise<SubscriptionCard> {
  const response = await apiClient.get<SubscriptionCard>("/subscriptions/current");
  return response.data;
}

export const subscriptionQueryOptions = () => queryOptions({ queryKey: subscriptionQueryKey, queryFn: getSubscription });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
