/** The conversations feature: the WhatsApp conversations page and its API. */
export { default as ConversationsPage } from "./routes/ConversationsPage";
export { conversationsQueryKey, useConversations } from "./api/get-conversations";
export type { ChatMessage, Conversation, ConversationList } from "./types";
