/** POST /assistant/try: what the engine answered to one message of the owner's test. */
export interface AssistantReply {
  text: string;
  buttons: string[];
}

export interface AssistantTryResult {
  intent: string;
  intent_label: string;
  language: "fr" | "en" | "nouchi";
  replies: AssistantReply[];
  handoff: boolean;
  order: { id: number; reference: string; total: number } | null;
}

export interface AssistantLlmUsage {
  days: number;
  replies: number;
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  fallbacks: number;
  average_latency_ms: number | null;
}

export interface AssistantLlm {
  available: boolean;
  enabled: boolean;
  usage: AssistantLlmUsage;
}

/** GET /assistant/transcription: who transcribes the customers' voice notes and the last 30 days' counts. */
export interface AssistantTranscription {
  days: number;
  engine: "provider" | "local" | "none";
  voice_notes: number;
  heard: number;
  calls: number;
  audio_seconds: number;
  audio_minutes: number;
  failures: number;
  unclear: number;
  refused: number;
  average_latency_ms: number | null;
}
