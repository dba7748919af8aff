import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { WhatsAppTemplate } from "../types";

export const whatsappTemplatesQueryKey = ["integrations", "whatsapp", "templates"] as const;

export async function getWhatsAppTemplates(): Promise<WhatsAppTemplate[]> {
  const response = await apiClient.get<{ results: WhatsAppTemplate[] }>("/integrations/whatsapp/templates");
  return response.data.results;
}

export const whatsappTemplatesQueryOptions = () =>
  queryOptions({ queryKey: whatsappTemplatesQueryKey, queryFn: getWhatsAppTemplates, staleTime: 10 * 60 * 1000 });

export function useWhatsAppTemplates(enabled: boolean) {
  return useQuery({ ...whatsappTemplatesQueryOptions(), enabled });
}
