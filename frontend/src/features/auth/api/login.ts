import { apiClient } from "@/api/client";
import type { LoginPayload, LoginResponse } from "@/api/types";

export async function login(payload: LoginPayload): Promise<LoginResponse> {
  const response = await apiClient.post<LoginResponse>("/auth/login", payload, { anonymous: true });
  return response.data;
}
