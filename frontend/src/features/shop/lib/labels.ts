import type { PaymentCode, Vehicle, Weekday } from "../types";

export const WEEKDAYS: { key: Weekday; label: string }[] = [
  { key: "mon", label: "Lundi" },
  { key: "tue", label: "Mardi" },
  { key: "wed", label: "Mercredi" },
  { key: "thu", label: "Jeudi" },
  { key: "fri", label: "Vendredi" },
  { key: "sat", label: "Samedi" },
  { key: "sun", label: "Dimanche" },
];

export const VEHICLE_LABELS: Record<Vehicle, string> = { moto: "Moto", voiture: "Voiture" };

export const PAYMENT_LABELS: Record<PaymentCode, string> = {
  cash: "Espèces",
  wave: "Wave",
  orange_money: "Orange Money",
  mtn_momo: "MTN MoMo",
  moov_money: "Moov Money",
  card: "Carte bancaire",
};

/** [30, 45] -> "30–45 min"; a single value when both ends are equal. */
export function formatEta(eta: [number, number] | null): string {
  if (!eta) return "—";
  return eta[0] === eta[1] ? `${eta[0]} min` : `${eta[0]}–${eta[1]} min`;
}

/** The name of the exported file: "boutique-maquis-chez-tantie-awa.json". */
export function exportFileName(shopName: string): string {
  const slug = shopName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `boutique${slug ? `-${slug}` : ""}.json`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** A version's content in one line: "16 produits · 12 zones · 6 questions". */
export function formatVersionCounts(counts: { products: number; delivery_zones: number; faq: number }): string {
  return [
    plural(counts.products, "produit", "produits"),
    plural(counts.delivery_zones, "zone", "zones"),
    plural(counts.faq, "question", "questions"),
  ].join(" · ");
}
