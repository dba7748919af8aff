import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ShopProfile } from "../types";
import { shopQueryKey } from "./keys";

/** Each section sent (address, hours, payment_methods, handoff...) is replaced as a whole. */
export async function updateShopProfile(changes: Partial<Omit<ShopProfile, "currency">>): Promise<ShopProfile> {
  const response = await apiClient.patch<ShopProfile>("/shop/profile", changes);
  return response.data;
}

export function useUpdateShopProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShopProfile,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shopQueryKey }),
  });
}
