import { useMutation } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { UpgradeStarted } from "../types";

/** A payment link for one month of ``plan``; the plan changes only when the provider confirms. */
export async function startUpgrade(plan: string): Promise<UpgradeStarted> {
  const response = await apiClient.post<UpgradeStarted>("/subscriptions/upgrade", { plan });
  return response.data;
}

export function useStartUpgrade() {
  return useMutation({ mutationFn: startUpgrade });
}
