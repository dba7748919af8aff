import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";
import type { ApiError } from "@/lib/errors";

import type { WhatsAppConnectResponse, WhatsAppManualConnectPayload } from "../types";
import { whatsappStatusQueryKey } from "./get-whatsapp-status";

/** The manual set-up: the server checks the ids and the token on Meta's Graph API before saving. */
export async function connectWhatsAppManual(payload: WhatsAppManualConnectPayload): Promise<WhatsAppConnectResponse> {
  const response = await apiClient.post<WhatsAppConnectResponse>("/integrations/whatsapp/connect/manual", payload);
  return response.data;
}

export function useConnectWhatsAppManual() {
  const queryClient = useQueryClient();
  return useMutation<WhatsAppConnectResponse, ApiError, WhatsAppManualConnectPayload>({
    mutationFn: connectWhatsAppManual,
    onSuccess: (data) => queryClient.setQueryData(whatsappStatusQueryKey, data.connection),
  });
}
