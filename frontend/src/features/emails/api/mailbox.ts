/** The mailbox connection: its state, the provider presets, connect, resync, disconnect. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { MailboxConnectInput, MailboxPreset, MailboxState } from "../types";
import { emailsQueryKey } from "./get-emails";

export const mailboxQueryKey = ["dashboard", "mailbox"] as const;

export async function getMailbox(): Promise<MailboxState> {
  return (await apiClient.get<MailboxState>("/mailbox/connection")).data;
}

export async function getPresets(): Promise<MailboxPreset[]> {
  return (await apiClient.get<MailboxPreset[]>("/mailbox/presets")).data;
}

export const mailboxQueryOptions = () => queryOptions({ queryKey: mailboxQueryKey, queryFn: getMailbox });

/** The state, polled every 3 s while a sync is running or was just asked for. */
export function useMailbox(poll: boolean) {
  return useQuery({ ...mailboxQueryOptions(), refetchInterval: (query) => (poll || query.state.data?.syncing ? 3000 : 60_000) });
}

export function usePresets() {
  return useQuery({ queryKey: [...mailboxQueryKey, "presets"], queryFn: getPresets, staleTime: Infinity });
}

function useMailboxMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mailboxQueryKey });
      void queryClient.invalidateQueries({ queryKey: emailsQueryKey });
    },
  });
}

export const useConnectMailbox = () =>
  useMailboxMutation(async (input: MailboxConnectInput) => (await apiClient.put<MailboxState>("/mailbox/connection", input)).data);

export const useResyncMailbox = () =>
  useMailboxMutation(async () => (await apiClient.post<MailboxState>("/mailbox/connection/resync")).data);

export const useDisconnectMailbox = () =>
  useMailboxMutation(async () => {
    await apiClient.delete("/mailbox/connection");
  });
