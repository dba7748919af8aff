import { apiClient } from "@/api/client";
import type { MessageResponse } from "@/api/types";

/** Fire-and-forget on the caller's side; a 401 here must not send anyone to /auth. */
export async function logout(refreshToken: string | null): Promise<MessageResponse> {
  const body = refreshToken ? { refresh_token: refreshToken } : {};
  const response = await apiClient.post<MessageResponse>("/auth/logout", body, { skipAuthRefresh: true });
  return response.data;
}
