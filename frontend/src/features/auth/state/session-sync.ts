/**
 * The session lives in the app shell (AuthProvider); React Query's cache lives in the dashboard's
 * chunk, so the login screen downloads no React Query. The provider tells the cache what it learns:
 * a fresh profile (seeded as /auth/me's query data) and the end of a session (the cache is cleared).
 */
import type { MeResponse } from "@/api/types";

export interface SessionSync {
  profile: (me: MeResponse) => void;
  cleared: () => void;
}

const syncs = new Set<SessionSync>();

export function onSessionSync(sync: SessionSync): () => void {
  syncs.add(sync);
  return () => {
    syncs.delete(sync);
  };
}

export function emitProfile(me: MeResponse): void {
  for (const sync of [...syncs]) sync.profile(me);
}

export function emitSessionCleared(): void {
  for (const sync of [...syncs]) sync.cleared();
}
