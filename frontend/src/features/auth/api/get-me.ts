import { queryOptions } from "@tanstack/react-query";

import type { MeResponse, PlanCode } from "@/api/types";

export const meQueryKey = ["auth", "me"] as const;

/** The API layer loads on first use, so the first chunk carries no HTTP client. */
export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: async () => (await import("@/api/auth")).getMe() });

/** A route that asks for "pro" admits pro and entreprise; "entreprise" admits entreprise only. */
export function hasRequiredPlan(plan: PlanCode, required?: PlanCode): boolean {
  if (!required || required === "gratuit") return true;
  if (required === "pro") return plan === "pro" || plan === "entreprise";
  return plan === "entreprise";
}

export type PermissionName = keyof MeResponse["permissions"];
