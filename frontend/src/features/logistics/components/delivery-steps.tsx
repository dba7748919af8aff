/** A delivery's real progress as its driver reported it from his page. */
import { AlertTriangle } from "lucide-react";

import { formatTime } from "@/lib/format";

import { openProblem } from "../lib/live";
import type { DeliveryStep } from "../types";

export function DeliverySteps({ steps }: { steps: DeliveryStep[] }) {
  if (steps.length === 0) return null;
  const problem = openProblem(steps);
  return (
    <>
      {problem && (
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-red-50 px-2.5 py-1.5 text-sm text-red-800" role="alert" data-testid="delivery-problem">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          <span className="break-words">
            Problème signalé par le livreur à {formatTime(problem.at)} : {problem.reason_label}
            {problem.note ? ` — ${problem.note}` : ""}
          </span>
        </p>
      )}
      <ol className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600" aria-label="Étapes du livreur" data-testid="delivery-steps">
        {steps.map((step, index) => (
          <li key={`${step.kind}-${step.at}-${index}`} className={step.kind === "problem" ? "text-red-700" : undefined}>
            {step.label} {formatTime(step.at)}
          </li>
        ))}
      </ol>
    </>
  );
}
