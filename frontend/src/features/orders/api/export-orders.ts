import { useMutation } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import { filterParams } from "../lib/status";
import type { OrderFilters } from "../types";

/** Fetch the CSV with the session's token (a plain link would carry none) and hand it to the browser. */
export async function exportOrders(filters: Partial<OrderFilters>): Promise<string> {
  const response = await apiClient.get<Blob>("/orders/export.csv", {
    params: filterParams(filters),
    responseType: "blob",
    headers: { Accept: "text/csv" },
  });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "commandes.csv";
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
