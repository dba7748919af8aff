import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

/** The account's switches for the customer's public tracking page (GET/PATCH /aftersales/settings). */
export interface TrackingSettings {
  show_driver_phone: boolean;
}

export const trackingSettingsQueryKey = ["dashboard", "aftersales", "settings"] as const;

export async function getTrackingSettings(): Promise<TrackingSettings> {
  const response = await apiClient.get<TrackingSettings>("/aftersales/settings");
  return response.data;
}

export async function updateTrackingSettings(patch: TrackingSettings): Promise<TrackingSettings> {
  const response = await apiClient.patch<TrackingSettings>("/aftersales/settings", patch);
  return response.data;
}

export const trackingSettingsQueryOptions = () => queryOptions({ queryKey: trackingSettingsQueryKey, queryFn: getTrackingSettings });

export function useTrackingSettings() {
  return useQuery(trackingSettingsQueryOptions());
}

export function useUpdateTrackingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrackingSettings,
    onSuccess: (settings) => queryClient.setQueryData(trackingSettingsQueryKey, settings),
  });
}
