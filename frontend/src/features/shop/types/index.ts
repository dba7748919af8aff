/** The shop API's JSON, field for field (DESIGN.md, "The shop document"). */
export type Weekday = "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
export type Vehicle = "moto" | "voiture";
export type PaymentCode = "cash" | "wave" | "orange_money" | "mtn_momo" | "moov_money" | "card";

export type Hours = Record<Weekday, [string, string] | null> & { last_order: string | null; timezone: string };

export interface Address {
  text: string;
  commune: string;
  landmark: string;
  lat: number | null;
  lng: number | null;
}

export interface PaymentMethod {
  code: PaymentCode;
  name: string;
  aliases: string[];
  note: string;
}

export interface Handoff {
  contact: string;
  large_order_items: number | null;
}

export interface ShopProfile {
  name: string;
  description: string;
  currency: "XOF";
  address: Address;
  phone: string;
  hours: Hours;
  pickup: { available: boolean; eta_minutes: [number, number] | null };
  delivery_notes: { fr: string; en: string };
  payment_methods: PaymentMethod[];
  payment_not_accepted: string[];
  handoff: Handoff;
}

export interface ZoneInput {
  name: string;
  areas: string[];
  served: boolean;
  fee: number | null;
  vehicle: Vehicle | null;
  eta_minutes: [number, number] | null;
  min_order: number | null;
}

export interface Zone extends ZoneInput {
  id: number;
  position: number;
}

export interface FaqEntry {
  question: string;
  answer: string;
  answer_en: string;
}

export interface FaqItem extends FaqEntry {
  index: number;
}

/** The whole document (GET/PUT /api/v1/shop): the JSON file of « Importer » / « Exporter ». */
export type ShopDocument = ShopProfile & {
  products: { sku: string; name: string; description: string; aliases: string[]; price: number; unit: string; in_stock: boolean }[];
  delivery_zones: ZoneInput[];
  faq: FaqEntry[];
};

export interface ChecklistItem {
  code: "products" | "delivery_zones" | "whatsapp";
  label: string;
  path: string;
  done: boolean;
}

export interface Checklist {
  complete: boolean;
  items: ChecklistItem[];
}

/** GET /payments/providers: which payment providers the shop configured (never a credential). */
export type PaymentProviderCode = "cinetpay" | "wave";
export interface PaymentProviders {
  cinetpay: { configured: boolean };
  wave: { configured: boolean };
  covered_methods: PaymentCode[];
}
export interface PaymentProviderInput {
  api_key: string;
  site_id?: string;
  secret_key?: string;
  webhook_secret?: string;
}

/** GET /shop/versions: a document the shop had before a change replaced it (the last 10 are kept). */
export type ShopVersionSource = "put" | "import" | "restore" | "dashboard" | "demo";
export interface ShopVersion {
  id: number;
  /** When this document was replaced. */
  created_at: string;
  /** What replaced it, and its French label. */
  source: ShopVersionSource;
  source_label: string;
  actor: string | null;
  name: string;
  counts: { products: number; delivery_zones: number; faq: number };
}
