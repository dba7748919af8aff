import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { DeliveryZones } from "../types";

/** The shop's served delivery zones with the fee the server charges: the only source of an order's fee. */
export async function getDeliveryZones(): Promise<DeliveryZones> {
  const response = await apiClient.get<DeliveryZones>("/orders/delivery-zones");
  return response.data;
}

export const getDeliveryZonesQueryOptions = () =>
  queryOptions({ queryKey: ["orders", "delivery-zones"], queryFn: getDeliveryZones, staleTime: 0 });

export function useDeliveryZones() {
  return useQuery(getDeliveryZonesQueryOptions());
}
