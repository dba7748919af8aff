export { WhatsAppConnectPanel } from "./components/WhatsAppConnectPanel";
export { WhatsAppQuickAction, WhatsAppReconnectBanner } from "./components/WhatsAppHomeStatus";
export { useWhatsAppStatus, whatsappStatusQueryKey } from "./api/get-whatsapp-status";
export { useFacebookSdk } from "./hooks/use-facebook-sdk";
export type { WhatsAppStatus } from "./types";
