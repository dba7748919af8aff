import { useMutation } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

/** « Recommencer »: the test session's cart and memory are forgotten. */
export async function resetAssistant({ session }: { session: string }): Promise<void> {
  await apiClient.post("/assistant/try/reset", { session });
}

export function useResetAssistant() {
  return useMutation({ mutationFn: resetAssistant });
}
