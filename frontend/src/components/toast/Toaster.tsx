import { AlertCircle, CheckCircle2, Info, X } from "lucide-react";
import { useEffect, useState } from "react";

import { cn } from "@/lib/cn";

import { TOAST_DURATION_MS, dismissToast, subscribe, type Toast } from "./toast-store";

const looks = {
  success: { Icon: CheckCircle2, box: "border-green-200", icon: "text-green-600" },
  error: { Icon: AlertCircle, box: "border-red-200", icon: "text-red-600" },
  info: { Icon: Info, box: "border-sky-200", icon: "text-sky-600" },
};

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id]);

  const { Icon, box, icon } = looks[toast.variant];
  return (
    <li
      role={toast.variant === "error" ? "alert" : "status"}
      data-toast={toast.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cn("pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-white p-4 shadow-lg", box)}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 h-5 w-5 shrink-0", icon)} />
      <div className="min-w-0 flex-1 break-words">
        <p className="text-sm font-semibold text-slate-900">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm text-slate-600">{toast.description}</p>}
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

/** The live region where toasts appear: bottom on phones, top right on wider screens. */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => subscribe(setToasts), []);

  return (
    <section aria-label="Notifications" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-4 sm:inset-x-auto sm:top-0 sm:right-0 sm:bottom-auto sm:w-96">
      <ol className="flex flex-col gap-2">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </ol>
    </section>
  );
}
