/**
 * A small toast store outside React, so that any code (the auth context, a mutation) can announce
 * something. No library: the CSP (style-src 'self') forbids the inline styles toast libraries inject.
 */
export type ToastVariant = "success" | "error" | "info";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export const TOAST_DURATION_MS = 5000;

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
  toasts = [...toasts.slice(-3), { id, title, description, variant }];
  publish();
  return id;
}

export const toast = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string) => show("info", title, description),
};

export function currentToasts(): Toast[] {
  return toasts;
}

export function clearToasts(): void {
  toasts = [];
  publish();
}
