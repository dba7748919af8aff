import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Preferences } from "../types";

export const preferencesQueryKey = ["dashboard", "preferences"] as const;

/** The AI configuration and the notification switches (created with SPEC.md's defaults). */
export async function getPreferences(): Promise<Preferences> {
  const response = await apiClient.get<Preferences>("/preferences");
  return response.data;
}

export const preferencesQueryOptions = () => queryOptions({ queryKey: preferencesQueryKey, queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
