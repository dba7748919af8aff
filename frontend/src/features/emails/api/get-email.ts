import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";
import { dashboardHomeQueryKey } from "@/api/query-keys";

import type { EmailDetail, EmailOrderCreated, EmailOrderInput } from "../types";
import { emailsQueryKey } from "./get-emails";

export async function getEmail(emailId: number): Promise<EmailDetail> {
  return (await apiClient.get<EmailDetail>(`/mailbox/emails/${emailId}`)).data;
}

export function useEmail(emailId: number | null) {
  return useQuery({ queryKey: [...emailsQueryKey, "detail", emailId], queryFn: () => getEmail(emailId as number), enabled: emailId !== null });
}

export async function createEmailOrder({ emailId, input }: { emailId: number; input: EmailOrderInput }): Promise<EmailOrderCreated> {
  return (await apiClient.post<EmailOrderCreated>(`/mailbox/emails/${emailId}/order`, input)).data;
}

export function useCreateEmailOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmailOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: emailsQueryKey });
      void queryClient.invalidateQueries({ queryKey: dashboardHomeQueryKey });
    },
  });
}
