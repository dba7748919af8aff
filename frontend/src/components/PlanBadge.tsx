import { Crown } from "lucide-react";

import { cn } from "@/lib/cn";

import { planLabel } from "../lib/format";

export function PlanBadge({ plan, className }: { plan: string; className?: string }) {
  const paid = plan === "pro" || plan === "entreprise";
  return (
    <span
      data-testid="plan-badge"
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        paid ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-700",
        className,
      )}
    >
      {paid && <Crown aria-hidden="true" className="h-3 w-3" />}
      {planLabel(plan)}
    </span>
  );
}
