import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { catalogQueryKey } from "./get-products";

export async function deleteProduct(id: number): Promise<void> {
  await apiClient.delete(`/catalog/products/${id}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["shop"] });
    },
  });
}
