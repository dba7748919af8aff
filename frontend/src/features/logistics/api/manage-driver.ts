import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Driver, DriverPayload } from "../types";
import { logisticsQueryKey } from "./get-deliveries";

/** « Ajouter un livreur »: the phone may be written in any usual way, the server stores E.164. */
export async function createDriver(payload: DriverPayload): Promise<Driver> {
  const response = await apiClient.post<Driver>("/logistics/drivers", payload);
  return response.data;
}

/** Only the fields sent change; a new commune moves the driver's position to its centre. */
export async function updateDriver({ id, ...payload }: Partial<DriverPayload> & { id: number }): Promise<Driver> {
  const response = await apiClient.patch<Driver>(`/logistics/drivers/${id}`, payload);
  return response.data;
}

/** Refused (French 400) while the driver still holds deliveries not delivered. */
export async function deactivateDriver(id: number): Promise<void> {
  await apiClient.post(`/logistics/drivers/${id}/deactivate`);
}

/** Drivers show on the Logistique page and in the Commandes page's suggestions: refetch both. */
function useInvalidateDrivers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: logisticsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ["orders"] });
  };
}

export function useCreateDriver() {
  const invalidate = useInvalidateDrivers();
  return useMutation({ mutationFn: createDriver, onSuccess: invalidate });
}

export function useUpdateDriver() {
  const invalidate = useInvalidateDrivers();
  return useMutation({ mutationFn: updateDriver, onSuccess: invalidate });
}

export function useDeactivateDriver() {
  const invalidate = useInvalidateDrivers();
  return useMutation({ mutationFn: deactivateDriver, onSuccess: invalidate });
}
