/**
 * Browser storage, under the keys DESIGN.md names. Every read tolerates a missing, blocked or
 * corrupted store: the worst case is behaving as a logged-out visitor.
 */
import type { User } from "@/api/types";

export const storageKeys = {
  accessToken: "flux_access_token",
  refreshToken: "flux_refresh_token",
  user: "flux_user",
  rememberedEmail: "flux_remembered_email",
  pendingEmail: "pending_email",
  pendingCodeExpiry: "pending_code_expires_at",
} as const;

function read(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Private browsing or a full quota: the app keeps working for this page view.
  }
}

const local = () => (typeof window === "undefined" ? undefined : window.localStorage);
const session = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

export const getAccessToken = () => read(local(), storageKeys.accessToken);
export const setAccessToken = (token: string | null) => write(local(), storageKeys.accessToken, token);
export const getRefreshToken = () => read(local(), storageKeys.refreshToken);
export const setRefreshToken = (token: string | null) => write(local(), storageKeys.refreshToken, token);

export function getStoredUser(): User | null {
  const raw = read(local(), storageKeys.user);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? (value as User) : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: User | null): void {
  write(local(), storageKeys.user, user ? JSON.stringify(user) : null);
}

export function storeSession(session: { user: User; accessToken: string; refreshToken: string }): void {
  setAccessToken(session.accessToken);
  setRefreshToken(session.refreshToken);
  setStoredUser(session.user);
}

/** Forget the session: both tokens and the user record. The remembered e-mail stays. */
export function clearAuthStorage(): void {
  setAccessToken(null);
  setRefreshToken(null);
  setStoredUser(null);
}

export const getRememberedEmail = () => read(local(), storageKeys.rememberedEmail);
export const setRememberedEmail = (email: string | null) => write(local(), storageKeys.rememberedEmail, email);

export const getPendingEmail = () => read(session(), storageKeys.pendingEmail);
export const setPendingEmail = (email: string | null) => write(session(), storageKeys.pendingEmail, email);

/**
 * When the pending code expires (the server's `expires_at`), for the address it was sent to: the
 * OTP screen counts down to it across reloads instead of starting again at 10:00.
 */
export function getPendingCodeExpiry(address: string): number | null {
  const raw = read(session(), storageKeys.pendingCodeExpiry);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { address?: unknown; expiresAt?: unknown };
    if (value.address !== address || typeof value.expiresAt !== "string") return null;
    const time = Date.parse(value.expiresAt);
    return Number.isNaN(time) ? null : time;
  } catch {
    return null;
  }
}

export function setPendingCodeExpiry(address: string | null, expiresAt?: string | null): void {
  write(session(), storageKeys.pendingCodeExpiry, address && expiresAt ? JSON.stringify({ address, expiresAt }) : null);
}

/**
 * The device's own deadline for an answer's code: `expires_in` seconds from now (the device's clock
 * may be wrong, the seconds left are not), else `expires_at`. Null when the answer gave neither.
 */
export function codeDeadline(answer: { expires_at?: string | null; expires_in?: number | null }): string | null {
  if (typeof answer.expires_in === "number") return new Date(Date.now() + answer.expires_in * 1000).toISOString();
  return answer.expires_at ?? null;
}
