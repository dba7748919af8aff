import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { DriverLinkIssued } from "../types";
import { logisticsQueryKey } from "./get-deliveries";

/** A new personal link to the driver's page (valid until the end of the next day), shown once. */
export async function issueDriverLink(driverId: number): Promise<DriverLinkIssued> {
  const response = await apiClient.post<DriverLinkIssued>(`/logistics/drivers/${driverId}/link`);
  return response.data;
}

/** « Révoquer le lien »: every live link of the driver stops working. */
export async function revokeDriverLink(driverId: number): Promise<{ revoked: number }> {
  const response = await apiClient.post<{ revoked: number }>(`/logistics/drivers/${driverId}/link/revoke`);
  return response.data;
}

function useInvalidateLogistics() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: logisticsQueryKey });
}

export function useIssueDriverLink() {
  const invalidate = useInvalidateLogistics();
  return useMutation({ mutationFn: issueDriverLink, onSuccess: invalidate });
}

export function useRevokeDriverLink() {
  const invalidate = useInvalidateLogistics();
  return useMutation({ mutationFn: revokeDriverLink, onSuccess: invalidate });
}
