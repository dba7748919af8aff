import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { nextPageFrom } from "@/lib/pagination";
import type { EmailFilter, EmailList } from "../types";

export const EMAILS_PAGE_SIZE = 20;
export const emailsQueryKey = ["dashboard", "emails"] as const;

export async function getEmails(filter: EmailFilter, page: number): Promise<EmailList> {
  const response = await apiClient.get<EmailList>("/mailbox/emails", { params: { filter, page, page_size: EMAILS_PAGE_SIZE } });
  return response.data;
}

export const emailsQueryOptions = (filter: EmailFilter) =>
  infiniteQueryOptions({
    queryKey: [...emailsQueryKey, filter],
    queryFn: ({ pageParam }) => getEmails(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
  });

export function useEmails(filter: EmailFilter) {
  return useInfiniteQuery({ ...emailsQueryOptions(filter), placeholderData: keepPreviousData });
}
