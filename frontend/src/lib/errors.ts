/**
 * Every failure the UI shows goes through here (SPEC.md section 8): the server's French message
 * when there is one, the network error's message otherwise, and a generic French sentence last.
 */
import type { AxiosError } from "axios";

export const DEFAULT_ERROR_MESSAGE = "Une erreur est survenue";
export const UNEXPECTED_ERROR_MESSAGE = "Une erreur inattendue est survenue";
export const NETWORK_ERROR_MESSAGE = "Impossible de joindre le serveur. Vérifiez votre connexion internet.";
export const TIMEOUT_ERROR_MESSAGE = "Le serveur met trop de temps à répondre. Veuillez réessayer.";

export type FieldErrors = Record<string, string[]>;

export interface ApiError {
  message: string;
  statusCode: number;
  error?: string;
  errors?: FieldErrors;
  /** Set when the API client gave up on the session (refresh failed) and sent the browser to /auth. */
  sessionExpired?: boolean;
}

interface ErrorBody {
  message?: unknown;
  error?: unknown;
  statusCode?: unknown;
  errors?: unknown;
}

function asFieldErrors(value: unknown): FieldErrors | undefined {
  if (!value || typeof value !== "object") return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(messages)) out[field] = messages.map(String);
    else if (typeof messages === "string") out[field] = [messages];
  }
  return out;
}

/**
 * axios's own `isAxiosError`, without importing axios: this module is in the first chunk, and the
 * HTTP client is loaded only when a request is about to be made.
 */
function isAxiosError(value: unknown): value is AxiosError {
  return !!value && typeof value === "object" && (value as { isAxiosError?: unknown }).isAxiosError === true;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    !!value &&
    typeof value === "object" &&
    typeof (value as ApiError).message === "string" &&
    typeof (value as ApiError).statusCode === "number" &&
    !(value instanceof Error)
  );
}

/** Turn anything thrown by the API client into `{message, statusCode, error}`. */
export function normalizeError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isAxiosError(error)) {
    const body = (error.response?.data ?? {}) as ErrorBody;
    const serverMessage = typeof body.message === "string" && body.message.trim() ? body.message : undefined;
    let networkMessage: string | undefined;
    if (!error.response) {
      networkMessage = error.code === "ECONNABORTED" || error.code === "ETIMEDOUT" ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE;
    }
    const normalized: ApiError = {
      message: serverMessage ?? networkMessage ?? DEFAULT_ERROR_MESSAGE,
      statusCode: error.response?.status ?? 500,
      error: typeof body.error === "string" ? body.error : undefined,
    };
    const errors = asFieldErrors(body.errors);
    if (errors) normalized.errors = errors;
    return normalized;
  }
  return { message: DEFAULT_ERROR_MESSAGE, statusCode: 500 };
}

/** The message to show a person for any thrown value (the spec's second helper). */
export function getErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message || UNEXPECTED_ERROR_MESSAGE;
  if (isAxiosError(error)) return normalizeError(error).message;
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
