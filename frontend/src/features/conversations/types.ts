/** The conversations API's JSON, field for field (the OpenAPI schema at /api/v1/schema). */
import type { Paginated } from "@/api/types";

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
  /** The intent in French (« Prix »…); on an AI answer, that of the question it answers. */
  intent_label: string;
  latitude: number | null;
  longitude: number | null;
  category: string;
  accurate: boolean | null;
  /** A voice note's transcript ("" when none) and how it went: ok, unclear, failed, too_long, too_large or "". */
  transcript: string;
  transcript_status: "" | "ok" | "unclear" | "failed" | "too_long" | "too_large";
  /** Our API's signed link to the kept media (a voice note, 30 days), null otherwise. */
  media_url: string | null;
  /** The catalogue product an outgoing photo shows. */
  product_id: number | null;
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

