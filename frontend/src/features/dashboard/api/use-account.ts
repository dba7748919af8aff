import { useQuery } from "@tanstack/react-query";

import { meQueryOptions } from "@/features/auth/api/me";

/**
 * The signed-in account as GET /auth/me describes it (plan, verification, permissions). The
 * dashboard guard has just fetched it, so this reads React Query's cache.
 */
export function useAccount() {
  return useQuery(meQueryOptions());
}
