import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ChatMessageSent, WhatsAppTemplate } from "../types";
import { conversationsQueryKey } from "./get-conversations";

/** An approved template: what WhatsApp accepts more than 24 h after the customer's last message. */
export async function sendTemplate({ conversationId, template }: { conversationId: number; template: WhatsAppTemplate }): Promise<ChatMessageSent> {
  const response = await apiClient.post<ChatMessageSent>(`/conversations/${conversationId}/templates`, {
    name: template.name,
    language: template.language,
    body: template.body,
  });
  return response.data;
}

export function useSendTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}
