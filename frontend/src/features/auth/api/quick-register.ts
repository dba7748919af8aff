import { apiClient } from "@/api/client";
import type { QuickRegisterPayload, QuickRegisterResponse } from "@/api/types";

export async function quickRegister(payload: QuickRegisterPayload): Promise<QuickRegisterResponse> {
  const response = await apiClient.post<QuickRegisterResponse>("/auth/quick-register", payload, { anonymous: true });
  return response.data;
}
