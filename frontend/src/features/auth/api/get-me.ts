import { queryOptions, useQuery } from "@tanstack/react-query";

import type { MeResponse } from "@/api/types";

import { getMe, meQueryKey } from "./me";

export { getMe, meQueryKey };

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/**
 * The signed-in account as GET /auth/me describes it. The dashboard guard has just fetched it, so
 * inside the dashboard this reads React Query's cache.
 */
export function useMe() {
  return useQuery(meQueryOptions());
}

export type PermissionName = keyof MeResponse["permissions"];
