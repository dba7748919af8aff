import { apiClient } from "@/api/client";
import type { MessageResponse, ResetPasswordPayload } from "@/api/types";

export async function resetPassword(payload: ResetPasswordPayload): Promise<MessageResponse> {
  const response = await apiClient.post<MessageResponse>("/auth/reset-password", payload, { anonymous: true });
  return response.data;
}
