/**
 * A small toast store outside React, so that any code (the auth context, a mutation) can announce
 * something. No library: the CSP (style-src 'self') forbids the inline styles toast libraries inject.
 *
 * Toasts must never stand between a person and what they are doing (issue 18, item 9):
 * - an error replaces the errors on screen instead of piling up over the page's buttons;
 * - at most two toasts show at once, each for a short time (errors a little longer);
 * - a toast survives the navigation that follows it (« Compte vérifié ! » then the login screen)
 *   but not the next one: the OTP screen's toast does not follow the owner onto the dashboard.
 */
export type ToastVariant = "success" | "error" | "info";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Route changes seen since it was shown. */
  navigations: number;
}

/** How long a toast stays, per variant: long enough to read, short enough not to be in the way. */
export const TOAST_DURATIONS_MS: Record<ToastVariant, number> = { success: 3500, info: 4000, error: 6000 };
/** The longest of them (kept for callers that wait for every toast to go). */
export const TOAST_DURATION_MS = Math.max(...Object.values(TOAST_DURATIONS_MS));
export const MAX_TOASTS = 2;

type Listener = (toasts: Toast[]) => void;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish() {
  for (const listener of listeners) listener(toasts);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => {
    listeners.delete(listener);
  };
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  publish();
}

function show(variant: ToastVariant, title: string, description?: string): number {
  const id = nextId++;
  // One error at a time (the newest says what is true now), and never the same toast twice.
  const kept = toasts.filter(
    (toast) => !(variant === "error" && toast.variant === "error") && !(toast.title === title && toast.description === description),
  );
  toasts = [...kept, { id, title, description, variant, navigations: 0 }].slice(-MAX_TOASTS);
  publish();
  return id;
}

export const toast = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string) => show("info", title, description),
};

/** The page changed: toasts shown before the previous change go, the others are now one page old. */
export function toastsRouteChanged(): void {
  if (!toasts.length) return;
  toasts = toasts.filter((toast) => toast.navigations < 1).map((toast) => ({ ...toast, navigations: toast.navigations + 1 }));
  publish();
}

export function currentToasts(): Toast[] {
  return toasts;
}

export function clearToasts(): void {
  toasts = [];
  publish();
}
