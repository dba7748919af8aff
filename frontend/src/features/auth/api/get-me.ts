import { queryOptions, useQuery } from "@tanstack/react-query";

import type { MeResponse } from "@/api/types";

export const meQueryKey = ["auth", "me"] as const;

/**
 * GET /auth/me: the user, the account (plan, verification, cap) and the permissions, exactly as the
 * server's plan catalogue states them; the front end derives none of them.
 *
 * The session check at startup runs this before anything else, so the HTTP client is imported on
 * first use here: the first chunk carries no axios.
 */
export async function getMe(): Promise<MeResponse> {
  const { apiClient } = await import("@/api/client");
  const response = await apiClient.get<MeResponse>("/auth/me");
  return response.data;
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/**
 * The signed-in account as GET /auth/me describes it. The dashboard guard has just fetched it, so
 * inside the dashboard this reads React Query's cache.
 */
export function useMe() {
  return useQuery(meQueryOptions());
}

export type PermissionName = keyof MeResponse["permissions"];
