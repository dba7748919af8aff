import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { nextPageFrom } from "@/lib/pagination";
import type { ConversationList } from "../types";

export const CONVERSATIONS_PAGE_SIZE = 20;
/** New customer messages show up on their own: React Query pauses the interval while the tab is hidden. */
export const CONVERSATIONS_REFRESH_MS = 4000;
export const conversationsQueryKey = ["dashboard", "conversations"] as const;

export interface ConversationFilters {
  search: string;
  unread: boolean;
}

export async function getConversations({ search, unread, page }: ConversationFilters & { page: number }): Promise<ConversationList> {
  const response = await apiClient.get<ConversationList>("/conversations", {
    params: { page, page_size: CONVERSATIONS_PAGE_SIZE, ...(search ? { search } : {}), ...(unread ? { unread: true } : {}) },
  });
  return response.data;
}

export const conversationsQueryOptions = (filters: ConversationFilters) =>
  infiniteQueryOptions({
    queryKey: [...conversationsQueryKey, filters],
    queryFn: ({ pageParam }) => getConversations({ ...filters, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
  });

export function useConversations(filters: ConversationFilters) {
  return useInfiniteQuery({
    ...conversationsQueryOptions(filters),
    placeholderData: keepPreviousData,
    refetchInterval: CONVERSATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
