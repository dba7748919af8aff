/** The conversations feature: the WhatsApp conversations page (loaded on demand), its API and the
 * sidebar's unread count. The page is not re-exported statically, so the layout that shows the count
 * does not pull the page into its chunk. */
export const loadConversationsPage = () => import("./routes/ConversationsPage");
export { conversationsQueryKey, useConversations } from "./api/get-conversations";
export { useUnreadMessagesCount } from "./api/get-unread-conversations";
export type { ChatMessage, Conversation, ConversationList } from "./types";
