/** The mailbox API's JSON, field for field (the OpenAPI schema at /api/v1/schema). */
import type { Paginated } from "@/api/types";

export type EmailFilter =
  | "tous"
  | "non_lus"
  | "urgents"
  | "commandes"
  | "support"
  | "partenariats"
  | "factures"
  | "livraisons"
  | "autres"
  | "mis_de_cote";
export type EmailPriority = "high" | "medium" | "low";
export type EmailStatus = "unread" | "ai_processed" | "read";

export interface EmailAttachment {
  name: string;
  size: number;
  content_type?: string;
}

export interface Email {
  id: number;
  from: string;
  from_email: string;
  subject: string;
  preview: string;
  time: string;
  priority: EmailPriority;
  priority_label: string;
  status: EmailStatus;
  status_label: string;
  ai_summary: string;
  category: string;
  category_label: string;
  attachments: EmailAttachment[];
  has_order_lines: boolean;
  order_reference: string | null;
  notice: string;
}

export interface OrderSuggestionLine {
  product_id: number;
  sku: string;
  name: string;
  unit_price: number;
  quantity: number;
}

export interface EmailDetail extends Email {
  body_excerpt: string;
  size: number;
  order_id: number | null;
  order_lines: OrderSuggestionLine[];
}

export type EmailCounters = Record<EmailFilter, number>;

export interface EmailList extends Paginated<Email> {
  counters: EmailCounters;
}

export type MailboxSecurity = "tls" | "starttls" | "none";

export interface MailboxState {
  connected: boolean;
  allowed: boolean;
  plan_message: string;
  provider: string | null;
  host: string | null;
  port: number | null;
  security: MailboxSecurity | null;
  address: string | null;
  digest_hour: number | null;
  last_synced_at: string | null;
  last_error: string;
  last_error_at: string | null;
  consecutive_failures: number;
  next_attempt_at: string | null;
  syncing: boolean;
  last_run_fetched: number;
  last_run_notice: string;
}

export interface MailboxPreset {
  code: string;
  name: string;
  host: string;
  port: number;
  security: MailboxSecurity;
  help: string;
}

export interface MailboxConnectInput {
  provider: string;
  host: string;
  port: number;
  security: MailboxSecurity;
  address: string;
  password: string;
  digest_hour: number | null;
}

export interface EmailOrderInput {
  customer_name: string;
  customer_phone: string;
  commune: string;
  address: string;
  zone: string;
  delivery_fee: number;
  payment_method: string;
  items: { product_id: number; quantity: number }[];
}

export interface EmailOrderCreated {
  id: number;
  reference: string;
  total: number;
}
