import type { DeliveryStatus } from "../types";

/** The server's rule (logistics app): one step forward at a time, never back. */
export const DELIVERY_STATUS_ORDER: DeliveryStatus[] = ["pending", "preparing", "en_route", "delivered"];

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  pending: "En attente",
  preparing: "Préparation",
  en_route: "En route",
  delivered: "Livré",
};

export function nextDeliveryStatus(status: DeliveryStatus): DeliveryStatus | null {
  const index = DELIVERY_STATUS_ORDER.indexOf(status);
  return index >= 0 && index < DELIVERY_STATUS_ORDER.length - 1 ? DELIVERY_STATUS_ORDER[index + 1] : null;
}

/** One product per line or separated by commas; blanks dropped. */
export function parseProducts(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}
