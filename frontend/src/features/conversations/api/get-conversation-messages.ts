import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { nextPageFrom } from "@/lib/pagination";
import { CONVERSATIONS_REFRESH_MS } from "./get-conversations";
import type { ChatMessageList } from "../types";

export const MESSAGES_PAGE_SIZE = 30;
export const conversationMessagesQueryKey = (conversationId: number) => ["dashboard", "conversations", conversationId, "messages"] as const;

/** Newest first by arrival, page by page (the chat shows them oldest first: lib/chat-order.ts). */
export async function getConversationMessages(conversationId: number, page: number): Promise<ChatMessageList> {
  const response = await apiClient.get<ChatMessageList>(`/conversations/${conversationId}/messages`, {
    params: { page, page_size: MESSAGES_PAGE_SIZE },
  });
  return response.data;
}

export const conversationMessagesQueryOptions = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: conversationMessagesQueryKey(conversationId),
    queryFn: ({ pageParam }) => getConversationMessages(conversationId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
  });

export function useConversationMessages(conversationId: number | null) {
  return useInfiniteQuery({
    ...conversationMessagesQueryOptions(conversationId ?? 0),
    enabled: conversationId !== null,
    // The open chat follows new messages and the statuses of sent ones (envoyé, distribué, lu, échec).
    refetchInterval: CONVERSATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
