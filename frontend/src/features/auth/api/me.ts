import type { MeResponse } from "@/api/types";

export const meQueryKey = ["auth", "me"] as const;

/**
 * GET /auth/me: the user, the account (plan, verification, cap) and the permissions, exactly as the
 * server's plan catalogue states them; the front end derives none of them.
 *
 * The session check at startup runs this before anything else, so the HTTP client is imported on
 * first use here: the first chunk carries neither axios nor React Query (the dashboard's chunk does).
 */
export async function getMe(): Promise<MeResponse> {
  const { apiClient } = await import("@/api/client");
  const response = await apiClient.get<MeResponse>("/auth/me");
  return response.data;
}
