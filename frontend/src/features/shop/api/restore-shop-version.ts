import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ShopDocument } from "../types";
import { shopQueryKey } from "./keys";

/** « Restaurer »: the whole shop becomes this version again; the current one is kept as a version. */
export async function restoreShopVersion(id: number): Promise<ShopDocument> {
  const response = await apiClient.post<ShopDocument>(`/shop/versions/${id}/restore`);
  return response.data;
}

export function useRestoreShopVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreShopVersion,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["catalog"] });
    },
  });
}
