/** The campaigns API's JSON, field for field (/api/v1/campaigns/…, docs/campaigns.md). */

export type Segment = "all" | "ordered";
export type ParameterSource = "first_name" | "last_product" | "shop_name" | "text";

export interface Audience {
  segment: Segment;
  ordered_within_days: number | null;
  product_sku: string;
  zone: string;
  language: "" | "fr" | "en";
  inactive_days: number | null;
}

export interface TemplateParameter {
  source: ParameterSource;
  text: string;
}

export interface CampaignTemplate {
  name: string;
  language: string;
  category: string;
  body: string;
  variables: number;
  price_per_message: string;
}

export interface CampaignOptions {
  zones: string[];
  products: { sku: string; name: string }[];
  /** Campaign messages a month of the account's plan: -1 unlimited, 0 none (free plan). */
  cap: number;
  used: number;
  /** Each plan's monthly campaign messages, by plan code (the plan cards show them). */
  plan_caps: Record<string, number>;
  /** A connected WhatsApp number can send templates (the templates are asked for only then). */
  whatsapp_connected: boolean;
}

export interface TemplateChoice {
  audience: Audience;
  template_name: string;
  template_language: string;
  parameters: TemplateParameter[];
}

export interface CampaignCreateInput extends TemplateChoice {
  name: string;
  scheduled_at: string | null;
}

export interface CampaignPreview {
  count: number;
  price_per_message: string;
  estimated_cost: number;
  category: string;
  body: string;
  example_name: string;
  cap: number;
  used: number;
}

export type CampaignStatus = "scheduled" | "sending" | "sent" | "cancelled";

export interface Campaign {
  id: number;
  name: string;
  status: CampaignStatus;
  status_label: string;
  audience: Partial<Audience>;
  template_name: string;
  template_language: string;
  template_category: string;
  template_body: string;
  parameters: TemplateParameter[];
  scheduled_at: string;
  started_at: string | null;
  finished_at: string | null;
  recipient_count: number;
  estimated_cost: number;
  created_at: string;
  sent_count: number;
  delivered_count: number;
  read_count: number;
  failed_count: number;
  queued_count: number;
}

export interface CampaignDetail extends Campaign {
  outcome: { replies: number; orders: number; revenue: number };
}

export interface CampaignRecipient {
  id: number;
  contact_name: string;
  whatsapp_number: string;
  conversation_id: number | null;
  state: string;
  /** The message's status (pending, sent, delivered, read, failed) once recorded, else the row's state. */
  status: string;
  status_label: string;
  /** Meta's reason in French for a failed send. */
  error: string;
  sent_at: string | null;
  replied: boolean;
  orders: number;
  revenue: number;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface CampaignSettings {
  messaging_tier: number;
  cart_reminder_enabled: boolean;
  reorder_enabled: boolean;
  reorder_after_days: number;
  reorder_template_name: string;
  reorder_template_language: string;
}
