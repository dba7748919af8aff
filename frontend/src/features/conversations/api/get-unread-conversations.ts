import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ConversationList } from "../types";
import { conversationsQueryKey } from "./get-conversations";

/** Unread customer messages of the account, for the sidebar's badge (one tiny page of the list). */
export async function getUnreadMessagesCount(): Promise<number> {
  const response = await apiClient.get<ConversationList>("/conversations", { params: { page_size: 1 } });
  return response.data.counters.unread_messages;
}

export const unreadMessagesCountQueryOptions = () =>
  queryOptions({ queryKey: [...conversationsQueryKey, "unread-count"], queryFn: getUnreadMessagesCount });

export function useUnreadMessagesCount() {
  return useQuery({ ...unreadMessagesCountQueryOptions(), refetchInterval: 10000, refetchIntervalInBackground: false });
}
