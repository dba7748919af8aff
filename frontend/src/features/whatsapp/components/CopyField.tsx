/** A read-only value with a « Copier » button: what an owner pastes into Meta's console. */
import { Check, Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

import { inputClasses } from "@/components/Field";

import { whatsappMessages as msg } from "../messages";

type CopyState = "idle" | "copied" | "failed";

export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>("idle");
  const reset = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(reset.current), []);

  const copy = async () => {
    window.clearTimeout(reset.current);
    try {
      // The Clipboard API exists on secure pages only (https, or localhost while developing).
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      input.current?.select();
      setState("failed");
    }
    reset.current = window.setTimeout(() => setState("idle"), 4000);
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(event) => event.currentTarget.select()}
          className={inputClasses(false, "font-mono text-sm")}
        />
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={`Copier : ${label}`}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {state === "copied" ? <Check aria-hidden="true" className="h-4 w-4 text-green-700" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
          {state === "copied" ? msg.copied : "Copier"}
        </button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-500">
        {state === "failed" ? msg.copyFailed : ""}
      </p>
    </div>
  );
}
