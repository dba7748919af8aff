import { Crown } from "lucide-react";

import { cn } from "@/lib/cn";

/** The plan's code as a short label: "gratuit" → "Gratuit", "pro" → "Pro". */
const planLabel = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

interface PlanBadgeProps {
  /** The plan's code, from GET /auth/me (`account.subscription_plan`). */
  plan: string;
  /**
   * The crown of the plans that open the premium pages, i.e. the server's analytics permission
   * (`permissions.can_access_analytics`): the front end keeps no list of paid plans.
   */
  premium: boolean;
  className?: string;
}

export function PlanBadge({ plan, premium, className }: PlanBadgeProps) {
  return (
    <span
      data-testid="plan-badge"
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        premium ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-700",
        className,
      )}
    >
      {premium && <Crown aria-hidden="true" className="h-3 w-3" />}
      {planLabel(plan)}
    </span>
  );
}
