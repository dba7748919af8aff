import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Preferences, PreferencesPatch } from "../types";
import { preferencesQueryKey } from "./get-preferences";

export async function updatePreferences(patch: PreferencesPatch): Promise<Preferences> {
  const response = await apiClient.patch<Preferences>("/preferences", patch);
  return response.data;
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryKey, preferences),
  });
}
