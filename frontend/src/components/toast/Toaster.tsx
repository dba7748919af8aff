import { AlertCircle, CheckCircle2, Info, X } from "lucide-react";
import { useEffect, useState } from "react";

import { cn } from "@/lib/cn";

import { TOAST_DURATIONS_MS, dismissToast, subscribe, toastsRouteChanged, type Toast } from "./toast-store";

const looks = {
  success: { Icon: CheckCircle2, box: "border-green-200", icon: "text-green-600" },
  error: { Icon: AlertCircle, box: "border-red-200", icon: "text-red-600" },
  info: { Icon: Info, box: "border-sky-200", icon: "text-sky-600" },
};

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATIONS_MS[toast.variant]);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, toast.variant]);

  const { Icon, box, icon } = looks[toast.variant];
  return (
    <li
      role={toast.variant === "error" ? "alert" : "status"}
      data-toast={toast.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cn("pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-white px-3 py-2.5 shadow-lg sm:p-4", box)}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 h-5 w-5 shrink-0", icon)} />
      <div className="min-w-0 flex-1 break-words">
        <p className="text-sm font-semibold text-slate-900">{toast.title}</p>
        {toast.description && <p className="mt-0.5 text-sm text-slate-600">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Fermer la notification"
        className="-m-1 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}

interface NavigationLike extends EventTarget {
  addEventListener: EventTarget["addEventListener"];
}

/**
 * Tells the store when the page changes, whatever router sits around the Toaster (it is mounted
 * outside the route tree): the Navigation API where the browser has it, else a light watch of
 * the address (history.pushState fires no event).
 */
function useRouteChanges() {
  useEffect(() => {
    let last = window.location.pathname;
    const check = () => {
      if (window.location.pathname === last) return;
      last = window.location.pathname;
      toastsRouteChanged();
    };
    const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
    if (navigation) {
      navigation.addEventListener("currententrychange", check);
      return () => navigation.removeEventListener("currententrychange", check);
    }
    window.addEventListener("popstate", check);
    const timer = window.setInterval(check, 250);
    return () => {
      window.removeEventListener("popstate", check);
      window.clearInterval(timer);
    };
  }, []);
}

/**
 * The live region where toasts appear. On phones: near the top, below the dashboard's 3.5rem header
 * (its menu buttons stay free) and away from the main buttons, which sit at the bottom of a form
 * or in the page (the home page's « Connecter WhatsApp »). Top right on wider screens.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => subscribe(setToasts), []);
  useRouteChanges();

  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      data-testid="toaster"
      className="pointer-events-none fixed inset-x-0 top-14 z-50 px-3 pt-2 sm:inset-x-auto sm:top-0 sm:right-0 sm:w-96 sm:p-4"
    >
      <ol className="flex flex-col gap-2">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </ol>
    </section>
  );
}
