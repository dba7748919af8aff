import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { WhatsAppConnectPayload, WhatsAppConnectResponse } from "../types";
import { whatsappStatusQueryKey } from "./get-whatsapp-status";

/** Hands the Facebook flow's result to the server, which relays it to the token webhook. */
export async function connectWhatsApp(payload: WhatsAppConnectPayload): Promise<WhatsAppConnectResponse> {
  const response = await apiClient.post<WhatsAppConnectResponse>("/integrations/whatsapp/connect", payload);
  return response.data;
}

export function useConnectWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectWhatsApp,
    onSuccess: (data) => queryClient.setQueryData(whatsappStatusQueryKey, data.connection),
  });
}
