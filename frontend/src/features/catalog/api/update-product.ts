import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Product, ProductInput } from "../types";
import { catalogQueryKey } from "./get-products";

/** PATCH: any subset of the fields, e.g. `{in_stock: false}` for the stock switch. */
export async function updateProduct({ id, ...changes }: { id: number } & Partial<ProductInput>): Promise<Product> {
  const response = await apiClient.patch<Product>(`/catalog/products/${id}`, changes);
  return response.data;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["shop"] });
    },
  });
}
