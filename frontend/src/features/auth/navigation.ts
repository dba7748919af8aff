/** What the auth screens pass each other in the router's navigation state. */
export interface AuthNavigationState {
  /** Where to go after login (the protected page the visitor asked for). */
  from?: string | { pathname?: string; search?: string; hash?: string };
  /** A success message for the login screen. */
  message?: string;
  /** The address to prefill (login) or to verify (OTP). */
  email?: string;
}

function asState(state: unknown): AuthNavigationState {
  return state && typeof state === "object" ? (state as AuthNavigationState) : {};
}

/** Only same-site paths: a crafted state never sends anyone to another origin. */
export function fromOf(state: unknown): string | undefined {
  const { from } = asState(state);
  const path = typeof from === "string" ? from : from?.pathname ? `${from.pathname}${from.search ?? ""}${from.hash ?? ""}` : undefined;
  if (!path || !path.startsWith("/") || path.startsWith("//")) return undefined;
  return path;
}

export function messageOf(state: unknown): string | undefined {
  const { message } = asState(state);
  return typeof message === "string" && message ? message : undefined;
}

export function emailOf(state: unknown): string | undefined {
  const { email } = asState(state);
  return typeof email === "string" && email ? email : undefined;
}
