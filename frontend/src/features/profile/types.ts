/** The preferences and subscription APIs' JSON, field for field (the OpenAPI schema at /api/v1/schema). */

export type Language = "fr" | "en" | "nouchi";
export type Tone = "professionnel" | "amical" | "decontracte";
export type Day = "lundi" | "mardi" | "mercredi" | "jeudi" | "vendredi" | "samedi" | "dimanche";

export interface Notifications {
  new_messages: boolean;
  ai_alerts: boolean;
  delivery_updates: boolean;
  weekly_reports: boolean;
}

export interface AiConfiguration {
  languages: Language[];
  language_labels: string[];
  tone: Tone;
  tone_label: string;
  opening_hours: { days: Day[]; opens: string; closes: string };
  business_description: string;
}

export interface Preferences {
  ai: AiConfiguration;
  notifications: Notifications;
  updated_at: string;
}

export interface PreferencesPatch {
  ai?: Partial<Omit<AiConfiguration, "language_labels" | "tone_label" | "opening_hours">> & {
    opening_hours?: Partial<AiConfiguration["opening_hours"]>;
  };
  notifications?: Partial<Notifications>;
}

/** GET /subscriptions/current: the plan, its price and cap, and the month's usage, from the server's catalogue. */
export interface SubscriptionCard {
  plan: string;
  plan_name: string;
  price: number | null;
  price_label: string;
  next_billing_date: string | null;
  conversations_used: number;
  /** -1 for unlimited. */
  conversation_limit: number;
  usage_percent: number | null;
  period_start: string;
  usage_resets_on: string;
  status: string;
  status_label: string;
  can_access_analytics: boolean;
  can_use_advanced_features: boolean;
}
