/** The campaigns API (GET/POST /campaigns/…): lists, options, the live preview, create, cancel, settings. */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";
import { nextPageFrom } from "@/lib/pagination";

import type {
  Campaign,
  CampaignCreateInput,
  CampaignDetail,
  CampaignOptions,
  CampaignPreview,
  CampaignRecipient,
  CampaignSettings,
  CampaignTemplate,
  Page,
  TemplateChoice,
} from "../types";

export const campaignsQueryKey = ["dashboard", "campaigns"] as const;
const POLL_MS = 3000;

const busy = (campaign: Campaign) => campaign.status === "sending" || campaign.status === "scheduled" || campaign.queued_count > 0;

export async function getCampaigns(page: number): Promise<Page<Campaign>> {
  return (await apiClient.get<Page<Campaign>>("/campaigns/", { params: { page, page_size: 20 } })).data;
}

const campaignsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...campaignsQueryKey, "list"],
    queryFn: ({ pageParam }) => getCampaigns(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
  });

/** The campaigns, read again every 3 s while one is scheduled or sending (its statuses move). */
export function useCampaigns() {
  return useInfiniteQuery({
    ...campaignsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.results.some(busy)) ? POLL_MS : false),
  });
}

export function useCampaign(id: number) {
  return useQuery({
    queryKey: [...campaignsQueryKey, "detail", id],
    queryFn: async () => (await apiClient.get<CampaignDetail>(`/campaigns/${id}`)).data,
    refetchInterval: POLL_MS,
  });
}

export function useRecipients(id: number) {
  return useInfiniteQuery({
    queryKey: [...campaignsQueryKey, "recipients", id],
    queryFn: async ({ pageParam }) =>
      (await apiClient.get<Page<CampaignRecipient>>(`/campaigns/${id}/recipients`, { params: { page: pageParam, page_size: 50 } })).data,
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageFrom(last.next),
    refetchInterval: POLL_MS,
  });
}

export const campaignOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...campaignsQueryKey, "options"],
    queryFn: async () => (await apiClient.get<CampaignOptions>("/campaigns/options")).data,
  });

export function useCampaignOptions() {
  return useQuery(campaignOptionsQueryOptions());
}

export function useCampaignTemplates(enabled = true) {
  return useQuery({
    queryKey: [...campaignsQueryKey, "templates"],
    queryFn: async () => (await apiClient.get<CampaignTemplate[]>("/campaigns/templates")).data,
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  });
}

/** The count, cost and message for the form's current choice (``null``: nothing to ask yet). */
export function useCampaignPreview(choice: TemplateChoice | null) {
  return useQuery({
    queryKey: [...campaignsQueryKey, "preview", choice],
    queryFn: async () => (await apiClient.post<CampaignPreview>("/campaigns/preview", choice)).data,
    enabled: choice !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
}

export function useCreateCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: CampaignCreateInput) => (await apiClient.post<CampaignDetail>("/campaigns/", input)).data,
    onSuccess: invalidate,
  });
}

export function useCancelCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => (await apiClient.post<CampaignDetail>(`/campaigns/${id}/cancel`)).data,
    onSettled: invalidate,
  });
}

const settingsKey = [...campaignsQueryKey, "settings"] as const;

export function useCampaignSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: async () => (await apiClient.get<CampaignSettings>("/campaigns/settings")).data });
}

export function useUpdateCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: Partial<CampaignSettings>) => (await apiClient.patch<CampaignSettings>("/campaigns/settings", fields)).data,
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}
