import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ChatMessageSent } from "../types";
import { conversationsQueryKey } from "./get-conversations";

/** The owner's reply: stored at once as pending, then sent by WhatsApp (409 outside the 24 h window). */
export async function sendMessage({ conversationId, content }: { conversationId: number; content: string }): Promise<ChatMessageSent> {
  const response = await apiClient.post<ChatMessageSent>(`/conversations/${conversationId}/messages`, { content });
  return response.data;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // The messages and the list (last message, unread count) both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}
