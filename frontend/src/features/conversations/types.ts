/** The conversations API's JSON, field for field (the OpenAPI schema at /api/v1/schema). */
import type { Paginated } from "@/api/types";

export type ConversationStatus = "delivered" | "ai_response" | "pending";

export interface Contact {
  id: number;
  name: string;
  whatsapp_number: string;
}

export interface Conversation {
  id: number;
  contact: Contact;
  last_message: string;
  time: string;
  unread: number;
  status: ConversationStatus;
  status_label: string;
  is_ai: boolean;
  created_at: string;
}

export interface ConversationCounters {
  total: number;
  unread: number;
  unread_messages: number;
}

export interface ConversationList extends Paginated<Conversation> {
  counters: ConversationCounters;
}

export type MessageSender = "user" | "ai" | "agent";
export type ChatMessageStatus = "received" | "pending" | "sent" | "delivered" | "read" | "failed";

export interface ChatMessage {
  id: number;
  sender: MessageSender;
  sender_label: string;
  content: string;
  time: string;
  status: ChatMessageStatus;
  status_label: string;
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
