import { apiClient } from "@/api/client";
import type { CodeRecipient, MessageResponse } from "@/api/types";

export async function resendOtp(recipient: CodeRecipient): Promise<MessageResponse> {
  const response = await apiClient.post<MessageResponse>("/auth/resend-otp", recipient, { anonymous: true });
  return response.data;
}
