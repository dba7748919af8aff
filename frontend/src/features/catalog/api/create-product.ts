import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Product, ProductInput } from "../types";
import { catalogQueryKey } from "./get-products";

export async function createProduct(input: ProductInput): Promise<Product> {
  const response = await apiClient.post<Product>("/catalog/products", input);
  return response.data;
}

/** The list and anything derived from the catalogue (the shop document, the checklist) change. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["shop"] });
    },
  });
}
