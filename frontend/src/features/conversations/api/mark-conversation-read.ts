import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Conversation } from "../types";
import { dashboardHomeQueryKey } from "@/api/query-keys";
import { conversationsQueryKey } from "./get-conversations";

export async function markConversationRead(conversationId: number): Promise<Conversation> {
  const response = await apiClient.post<Conversation>(`/conversations/${conversationId}/read`);
  return response.data;
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: dashboardHomeQueryKey });
    },
  });
}
