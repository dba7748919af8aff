import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { WhatsAppStatus } from "../types";

export const whatsappStatusQueryKey = ["integrations", "whatsapp", "status"] as const;

export async function getWhatsAppStatus(): Promise<WhatsAppStatus> {
  const response = await apiClient.get<WhatsAppStatus>("/integrations/whatsapp/status");
  return response.data;
}

export const whatsappStatusQueryOptions = () =>
  queryOptions({ queryKey: whatsappStatusQueryKey, queryFn: getWhatsAppStatus });

export function useWhatsAppStatus() {
  return useQuery(whatsappStatusQueryOptions());
}
