import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { OptimisedRoute } from "../types";
import { logisticsQueryKey } from "./get-deliveries";

/** The driver's open deliveries ordered by nearest neighbour from the driver's position (saved). */
export async function optimizeRoute(driverId: number): Promise<OptimisedRoute> {
  const response = await apiClient.post<OptimisedRoute>(`/logistics/drivers/${driverId}/optimize-route`);
  return response.data;
}

/** Every logistics list and counter may change: refetch them. */
export function useOptimizeRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: optimizeRoute,
    // Not awaited: the card that asked may leave the filtered list, and its own callbacks must still run.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: logisticsQueryKey }),
  });
}
