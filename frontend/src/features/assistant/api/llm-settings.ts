/** The optional language model: GET/PUT /assistant/llm (is one available on the platform, is it on for
 * this shop, and what it cost over the last 30 days). */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { AssistantLlm } from "../types";

export const assistantLlmQueryKey = ["assistant", "llm"] as const;

export async function getAssistantLlm(): Promise<AssistantLlm> {
  const response = await apiClient.get<AssistantLlm>("/assistant/llm");
  return response.data;
}

export const getAssistantLlmQueryOptions = () => queryOptions({ queryKey: assistantLlmQueryKey, queryFn: getAssistantLlm });

export function useAssistantLlm() {
  return useQuery(getAssistantLlmQueryOptions());
}

export async function setAssistantLlm(enabled: boolean): Promise<AssistantLlm> {
  const response = await apiClient.put<AssistantLlm>("/assistant/llm", { enabled });
  return response.data;
}

export function useSetAssistantLlm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAssistantLlm,
    onSuccess: (data) => queryClient.setQueryData(assistantLlmQueryKey, data),
  });
}
