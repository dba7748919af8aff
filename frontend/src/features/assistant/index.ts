/** The assistant feature: the owner's « Tester l'assistant » page, loaded on demand. */
export const loadAssistantTryPage = () => import("./routes/AssistantTryPage");
export type { AssistantReply, AssistantTryResult } from "./types";
export { LlmSwitchCard, LlmUsageCard } from "./components/LlmCards";
export type { AssistantLlm, AssistantTranscription } from "./types";
