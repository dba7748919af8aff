import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { AssistantTryResult } from "../types";

/** One message to the assistant, on the owner's own shop; nothing is sent on WhatsApp. */
export async function tryAssistant({ text, session }: { text: string; session: string }): Promise<AssistantTryResult> {
  const response = await apiClient.post<AssistantTryResult>("/assistant/try", { text, session });
  return response.data;
}

export function useTryAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tryAssistant,
    // A confirmed test order is a real order: the orders page and its sidebar count change.
    onSuccess: (result) => {
      if (result.order) void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}
