/** The dashboard API's JSON, field for field (the OpenAPI schema at /api/v1/schema). */

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/* ---- Home (GET /auth/dashboard) and statistics (GET /analytics) ---- */

export interface AnalyticsFigure {
  key: string;
  label: string;
  /** A number, or a text (a day's name); null without data. */
  value: number | string | null;
  unit: string;
  explanation: string;
}

export interface AnalyticsKpi extends AnalyticsFigure {
  /** Change in % against the previous period. */
  change: number | null;
}

export type DashboardActivityType = "message" | "delivery" | "email";

export interface DashboardActivity {
  type: DashboardActivityType;
  title: string;
  description: string;
  time: string;
  link: string;
}

export interface DashboardHome {
  cards: AnalyticsFigure[];
  recentActivity: DashboardActivity[];
}

export interface CategoryAccuracy {
  category: string;
  label: string;
  accuracy: number | null;
  correct: number;
  evaluated: number;
}

export interface CitySales {
  city: string;
  orders: number;
  revenue: number;
  share: number | null;
}

export interface AnalyticsOverview {
  periodDays: number;
  generatedAt: string;
  kpis: AnalyticsKpi[];
  accuracyByCategory: { categories: CategoryAccuracy[]; explanation: string };
  salesByCity: { cities: CitySales[]; totalRevenue: number; explanation: string };
  predictions: AnalyticsFigure[];
}

/* ---- Conversations ---- */

export type ConversationStatus = "delivered" | "ai_response" | "pending";

export interface Contact {
  id: number;
  name: string;
  whatsapp_number: string;
}

/** ai: the assistant answers; human: the owner took over and the assistant stays silent there. */
export type ConversationMode = "ai" | "human";

export interface Conversation {
  id: number;
  contact: Contact;
  last_message: string;
  time: string;
  unread: number;
  status: ConversationStatus;
  status_label: string;
  mode: ConversationMode;
  /** Started while the plan's monthly cap was reached: stored, but the assistant does not answer. */
  over_quota: boolean;
  /** Less than 24 h since the customer's last message: free text may be sent. */
  window_open: boolean;
  created_at: string;
}

export interface ConversationCounters {
  total: number;
  unread: number;
  unread_messages: number;
  over_quota: number;
}

export interface ConversationList extends Paginated<Conversation> {
  counters: ConversationCounters;
}

export type MessageSender = "user" | "ai" | "agent";
export type ChatMessageStatus = "received" | "pending" | "sent" | "delivered" | "read" | "failed";
export type ChatMessageKind =
  | "text"
  | "interactive"
  | "location"
  | "image"
  | "audio"
  | "video"
  | "document"
  | "sticker"
  | "contacts"
  | "reaction"
  | "template"
  | "unknown";

export interface ChatMessage {
  id: number;
  sender: MessageSender;
  sender_label: string;
  content: string;
  kind: ChatMessageKind;
  time: string;
  status: ChatMessageStatus;
  status_label: string;
  error_code: number | null;
  /** French explanation of a failed message ("" otherwise). */
  error_reason: string;
  intent: string;
  latitude: number | null;
  longitude: number | null;
  category: string;
  accurate: boolean | null;
}

export interface ChatMessageList extends Paginated<ChatMessage> {
  conversation: Conversation;
}

export interface ChatMessageSent {
  message: ChatMessage;
  conversation: Conversation;
}

/** An approved WhatsApp message template (the only message allowed outside the 24 h window). */
export interface WhatsAppTemplate {
  name: string;
  language: string;
  category: string;
  body: string;
}

/* ---- Mailbox ---- */

export type EmailFilter = "tous" | "non_lus" | "commandes" | "support" | "partenariats";
export type EmailPriority = "high" | "medium" | "low";
export type EmailStatus = "unread" | "ai_processed" | "read";

export interface Email {
  id: number;
  from: string;
  fromEmail: string;
  subject: string;
  preview: string;
  time: string;
  priority: EmailPriority;
  priorityLabel: string;
  status: EmailStatus;
  statusLabel: string;
  aiSummary: string;
  category: string;
  categoryLabel: string;
}

export type EmailCounters = Record<EmailFilter, number>;

export interface EmailList extends Paginated<Email> {
  counters: EmailCounters;
}

/* ---- Logistics ---- */

export type DeliveryStatus = "pending" | "preparing" | "en_route" | "delivered";
export type Priority = "high" | "medium" | "low";

export interface DriverSummary {
  id: number;
  name: string;
  phone: string;
}

export interface Delivery {
  id: string;
  customer: string;
  phone: string;
  address: string;
  commune: string;
  city: string;
  coordinates: { lat: number; lng: number };
  products: string[];
  amount: number;
  status: DeliveryStatus;
  statusLabel: string;
  driver: DriverSummary | null;
  estimatedTime: string | null;
  progress: number;
  priority: Priority;
  priorityLabel: string;
  delay: { note: string; reportedAt: string } | null;
  routePosition: number | null;
  createdAt: string;
  deliveredAt: string | null;
}

export type DeliveryCounters = { total: number } & Record<DeliveryStatus, number>;

export interface DeliveryList extends Paginated<Delivery> {
  counters: DeliveryCounters;
}

export interface Driver {
  id: number;
  name: string;
  phone: string;
  status: "active" | "available" | string;
  statusLabel: string;
  deliveries: number;
  openDeliveries: number;
  rating: number;
  location: { commune: string; lat: number; lng: number };
}

export interface DriverList extends Paginated<Driver> {
  counters: { total: number; active: number; available: number };
}

export interface RouteStop {
  position: number;
  distanceKm: number;
  delivery: Delivery;
}

export interface OptimisedRoute {
  driver: Driver;
  stops: RouteStop[];
  totalDistanceKm: number;
  explanation: string;
}

export const COMMUNES = [
  "Abobo", "Adjamé", "Anyama", "Attécoubé", "Bingerville", "Bouaké", "Cocody", "Daloa", "Grand-Bassam",
  "Korhogo", "Koumassi", "Marcory", "Plateau", "Port-Bouët", "San-Pédro", "Songon", "Treichville",
  "Yamoussoukro", "Yopougon",
] as const;

export interface DeliverySchedulePayload {
  customer: string;
  phone: string;
  address: string;
  commune: string;
  products: string[];
  amount: number;
  estimatedTime: string;
  priority?: Priority;
  driverId?: number;
}

/* ---- Preferences and subscription ---- */

export type Language = "fr" | "en" | "nouchi";
export type Tone = "professionnel" | "amical" | "decontracte";
export type Day = "lundi" | "mardi" | "mercredi" | "jeudi" | "vendredi" | "samedi" | "dimanche";

export interface Notifications {
  newMessages: boolean;
  aiAlerts: boolean;
  deliveryUpdates: boolean;
  weeklyReports: boolean;
}

export interface AiConfiguration {
  languages: Language[];
  languageLabels: string[];
  tone: Tone;
  toneLabel: string;
  openingHours: { days: Day[]; opens: string; closes: string };
  businessDescription: string;
}

export interface Preferences {
  ai: AiConfiguration;
  notifications: Notifications;
  updatedAt: string;
}

export interface PreferencesPatch {
  ai?: Partial<Omit<AiConfiguration, "languageLabels" | "toneLabel" | "openingHours">> & {
    openingHours?: Partial<AiConfiguration["openingHours"]>;
  };
  notifications?: Partial<Notifications>;
}

export interface SubscriptionCard {
  plan: string;
  planName: string;
  price: number | null;
  priceLabel: string;
  nextBillingDate: string | null;
  conversationsUsed: number;
  conversationLimit: number;
  usagePercent: number | null;
  periodStart: string;
  usageResetsOn: string;
  status: string;
  statusLabel: string;
  canAccessAnalytics: boolean;
  canUseAdvancedFeatures: boolean;
}
