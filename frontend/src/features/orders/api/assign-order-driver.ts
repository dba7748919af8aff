import { apiClient } from "@/api/client";

import type { OrderDetail } from "../types";
import { useOrderMutation } from "./use-order-mutation";

export async function assignOrderDriver({ id, driverId }: { id: number; driverId: number }): Promise<OrderDetail> {
  const response = await apiClient.post<OrderDetail>(`/orders/${id}/assign-driver`, { driver_id: driverId });
  return response.data;
}

export function useAssignOrderDriver() {
  return useOrderMutation(assignOrderDriver);
}
