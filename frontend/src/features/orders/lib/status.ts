/** How the Commandes page names and colours statuses, and the words of its action buttons. */
import type { BadgeTone } from "@/components/states";

import type { OrderFilters, OrderStatus, PaymentMethod } from "../types";

export const PICKUP = "pickup";

export const orderStatusLabels: Record<OrderStatus, string> = {
  confirmed: "Confirmée",
  awaiting_payment: "En attente de paiement",
  paid: "Payée",
  preparing: "En préparation",
  out_for_delivery: "En route",
  delivered: "Livrée",
  ready: "Prête",
  picked_up: "Retirée",
  cancelled: "Annulée",
};

export const orderStatusTones: Record<OrderStatus, BadgeTone> = {
  confirmed: "violet",
  awaiting_payment: "amber",
  paid: "blue",
  preparing: "amber",
  out_for_delivery: "blue",
  delivered: "green",
  ready: "blue",
  picked_up: "green",
  cancelled: "red",
};

/** The button that moves an order to the status (cancelling has its own form). */
export const transitionActionLabels: Record<OrderStatus, string> = {
  confirmed: "Confirmer",
  awaiting_payment: "Attendre le paiement",
  paid: "Paiement reçu",
  preparing: "Mettre en préparation",
  out_for_delivery: "Mettre en route",
  delivered: "Marquer livrée",
  ready: "Marquer prête",
  picked_up: "Marquer retirée",
  cancelled: "Annuler la commande",
};

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: "Espèces",
  wave: "Wave",
  orange_money: "Orange Money",
  mtn_momo: "MTN MoMo",
  moov_money: "Moov Money",
  card: "Carte bancaire",
};

/** The status chips above the list, in the order an order lives them. */
export const statusFilters: { value: OrderStatus | null; label: string }[] = [
  { value: null, label: "Toutes" },
  ...(Object.keys(orderStatusLabels) as OrderStatus[]).map((value) => ({ value, label: orderStatusLabels[value] })),
];

export function zoneLabel(zone: string): string {
  return zone === PICKUP ? "Retrait en boutique" : zone;
}

/** The query parameters of a filter set: empty values left out. */
export function filterParams(filters: Partial<OrderFilters>): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status) params.status = filters.status;
  if (filters.q?.trim()) params.q = filters.q.trim();
  if (filters.date_from) params.date_from = filters.date_from;
  if (filters.date_to) params.date_to = filters.date_to;
  return params;
}
