import { apiClient } from "@/api/client";
import type { VerifyOtpPayload, VerifyOtpResponse } from "@/api/types";

export async function verifyOtp(payload: VerifyOtpPayload): Promise<VerifyOtpResponse> {
  const response = await apiClient.post<VerifyOtpResponse>("/auth/verify-otp", payload, { anonymous: true });
  return response.data;
}
