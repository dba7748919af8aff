import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { Product } from "../types";
import { catalogQueryKey } from "./get-products";

/** multipart/form-data with one `photo` file; the server checks and re-encodes it. */
export async function uploadProductPhoto({ id, photo }: { id: number; photo: File }): Promise<Product> {
  const body = new FormData();
  body.append("photo", photo);
  const response = await apiClient.post<Product>(`/catalog/products/${id}/photo`, body);
  return response.data;
}

export function useUploadProductPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductPhoto,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
  });
}
