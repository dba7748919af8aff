import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Email } from "../types";
import { dashboardHomeQueryKey } from "@/api/query-keys";
import { emailsQueryKey } from "./get-emails";

export async function markEmailRead(emailId: number): Promise<Email> {
  const response = await apiClient.post<Email>(`/mailbox/emails/${emailId}/read`);
  return response.data;
}

export function useMarkEmailRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEmailRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: emailsQueryKey });
      void queryClient.invalidateQueries({ queryKey: dashboardHomeQueryKey });
    },
  });
}
