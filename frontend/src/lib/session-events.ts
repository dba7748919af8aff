/**
 * The API client lives outside React. When it gives up on a session (refresh failed), it tells
 * whoever listens, so the React state can follow the storage it just cleared.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitSessionExpired(): void {
  for (const listener of [...listeners]) listener();
}
