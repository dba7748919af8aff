import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { FaqItem } from "../types";
import { shopQueryKey } from "./keys";

/** FAQ entries are addressed by their position; the answer is the remaining list. */
export async function deleteFaq(index: number): Promise<FaqItem[]> {
  const response = await apiClient.delete<{ results: FaqItem[] }>(`/shop/faq/${index}`);
  return response.data.results;
}

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFaq, onSuccess: () => void queryClient.invalidateQueries({ queryKey: shopQueryKey }) });
}
