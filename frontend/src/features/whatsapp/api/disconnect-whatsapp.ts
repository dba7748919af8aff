import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { WhatsAppStatus } from "../types";
import { whatsappStatusQueryKey } from "./get-whatsapp-status";

export async function disconnectWhatsApp(): Promise<WhatsAppStatus> {
  const response = await apiClient.post<WhatsAppStatus>("/integrations/whatsapp/disconnect");
  return response.data;
}

export function useDisconnectWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectWhatsApp,
    onSuccess: (data) => queryClient.setQueryData(whatsappStatusQueryKey, data),
  });
}
