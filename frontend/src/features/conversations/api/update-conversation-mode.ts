import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Conversation, ConversationMode } from "../types";
import { conversationsQueryKey } from "./get-conversations";

/** « Reprendre la main » (human) or « Rendre à l'IA » (ai). */
export async function updateConversationMode({ conversationId, mode }: { conversationId: number; mode: ConversationMode }): Promise<Conversation> {
  const response = await apiClient.patch<Conversation>(`/conversations/${conversationId}`, { mode });
  return response.data;
}

export function useUpdateConversationMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConversationMode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}
