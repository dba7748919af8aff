import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { ShopDocument } from "../types";
import { shopQueryKey } from "./keys";

/** « Importer »: the whole document replaces everything, or nothing changes (a French 400 by path). */
export async function replaceShopDocument(document: unknown): Promise<ShopDocument> {
  const response = await apiClient.put<ShopDocument>("/shop", document);
  return response.data;
}

export function useReplaceShopDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceShopDocument,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["catalog"] });
    },
  });
}
