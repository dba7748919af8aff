import { apiClient } from "@/api/client";
import type { CodeRecipient, MessageResponse } from "@/api/types";

export async function forgotPassword(payload: CodeRecipient): Promise<MessageResponse> {
  const response = await apiClient.post<MessageResponse>("/auth/forgot-password", payload, { anonymous: true });
  return response.data;
}
