import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { FaqEntry, FaqItem } from "../types";
import { shopQueryKey } from "./keys";

export async function createFaq(entry: FaqEntry): Promise<FaqItem[]> {
  const response = await apiClient.post<{ results: FaqItem[] }>("/shop/faq", entry);
  return response.data.results;
}

export function useCreateFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFaq, onSuccess: () => void queryClient.invalidateQueries({ queryKey: shopQueryKey }) });
}
