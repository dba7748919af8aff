/** The customers' voice notes: GET /assistant/transcription (the configured provider, the model on our
 * server or none, and the last 30 days' notes, minutes of audio and failures). */
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { AssistantTranscription } from "../types";

export const assistantTranscriptionQueryKey = ["assistant", "transcription"] as const;

export async function getAssistantTranscription(): Promise<AssistantTranscription> {
  const response = await apiClient.get<AssistantTranscription>("/assistant/transcription");
  return response.data;
}

export const getAssistantTranscriptionQueryOptions = () =>
  queryOptions({ queryKey: assistantTranscriptionQueryKey, queryFn: getAssistantTranscription });

export function useAssistantTranscription() {
  return useQuery(getAssistantTranscriptionQueryOptions());
}
