import { apiClient } from "@/api/client";
import type { MessageResponse } from "@/api/types";

export async function forgotPassword(
  payload: { adresse_email: string } | { numero_telephone: string },
): Promise<MessageResponse> {
  const response = await apiClient.post<MessageResponse>("/auth/forgot-password", payload, { anonymous: true });
  return response.data;
}
