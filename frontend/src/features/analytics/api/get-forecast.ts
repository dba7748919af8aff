import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ForecastPage } from "../types";

export const forecastQueryKey = ["dashboard", "analytics", "forecast"] as const;

/** 403 unless the plan sells « Analyses prédictives »; the figures are the ones stored each night. */
export async function getForecast(): Promise<ForecastPage> {
  const response = await apiClient.get<ForecastPage>("/analytics/forecast");
  return response.data;
}

export const forecastQueryOptions = () => queryOptions({ queryKey: forecastQueryKey, queryFn: getForecast, retry: false });

export function useForecast({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...forecastQueryOptions(), enabled });
}
