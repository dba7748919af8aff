import type { ChatMessage } from "../types";

/**
 * The chat's messages, oldest first, from the API's pages (newest first, in arrival order: the
 * message id, the server's order — a customer's message carries WhatsApp's time in whole seconds,
 * so its time cannot order it against the assistant's replies).
 *
 * Pages are fetched at different moments: messages arriving in between push older ones onto the
 * next page, which then repeats them. Each message is listed once, in arrival order.
 */
export function chatMessages(pages: readonly { results: readonly ChatMessage[] }[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of pages) {
    for (const message of page.results) {
      if (!byId.has(message.id)) byId.set(message.id, message); // the first page read is the freshest copy
    }
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
