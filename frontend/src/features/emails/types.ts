/** The mailbox API's JSON, field for field (the OpenAPI schema at /api/v1/schema). */
import type { Paginated } from "@/api/types";

export type EmailFilter = "tous" | "non_lus" | "commandes" | "support" | "partenariats";
export type EmailPriority = "high" | "medium" | "low";
export type EmailStatus = "unread" | "ai_processed" | "read";

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
}

export type EmailCounters = Record<EmailFilter, number>;

export interface EmailList extends Paginated<Email> {
  counters: EmailCounters;
}
