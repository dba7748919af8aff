import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { WhatsAppWebhookSettings } from "../types";

export const whatsappWebhookSettingsQueryKey = ["integrations", "whatsapp", "webhook-settings"] as const;

/** The callback URL and verify token an owner types into their Meta app's webhook settings. */
export async function getWhatsAppWebhookSettings(): Promise<WhatsAppWebhookSettings> {
  const response = await apiClient.get<WhatsAppWebhookSettings>("/integrations/whatsapp/webhook-settings");
  return response.data;
}

export const whatsappWebhookSettingsQueryOptions = () =>
  queryOptions({ queryKey: whatsappWebhookSettingsQueryKey, queryFn: getWhatsAppWebhookSettings, staleTime: Infinity });

export function useWhatsAppWebhookSettings() {
  return useQuery(whatsappWebhookSettingsQueryOptions());
}
