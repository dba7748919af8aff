import { apiClient } from "@/api/client";
import type { CodeRecipient, ResendOtpResponse } from "@/api/types";

export async function resendOtp(recipient: CodeRecipient): Promise<ResendOtpResponse> {
  const response = await apiClient.post<ResendOtpResponse>("/auth/resend-otp", recipient, { anonymous: true });
  return response.data;
}
