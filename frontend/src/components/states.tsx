/** The three states every dashboard page has: loading skeletons, an error with a retry, empty. */
import { AlertCircle, RotateCw, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Button } from "@/components/Button";
import { cn } from "@/lib/cn";
import { getErrorMessage } from "@/lib/errors";

export const LOAD_ERROR_TITLE = "Erreur de chargement";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-lg bg-slate-200/80", className)} />;
}

/** Grey blocks where the content will be, and a polite announcement for screen readers. */
export function LoadingSkeleton({ rows = 4, className, label = "Chargement..." }: { rows?: number; className?: string; label?: string }) {
  return (
    <div className={cn("space-y-3", className)} role="status" aria-live="polite" data-testid="skeleton">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <Skeleton className="h-10 w-10 shrink-0 rounded-full" />
          <div className="min-w-0 flex-1 space-y-2">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function ErrorState({ error, onRetry, className }: { error: unknown; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn("rounded-xl border border-red-200 bg-red-50 p-5 text-red-800", className)}>
      <div className="flex items-start gap-3">
        <AlertCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{LOAD_ERROR_TITLE}</p>
          <p className="mt-1 text-sm break-words">{getErrorMessage(error)}</p>
          <Button variant="secondary" className="mt-3" onClick={onRetry}>
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            Réessayer
          </Button>
        </div>
      </div>
    </div>
  );
}

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** Says what will appear here and what to do first. */
export function EmptyState({ icon: Icon, title, children, action, className }: EmptyStateProps) {
  return (
    <div className={cn("rounded-xl border border-dashed border-slate-300 bg-white px-5 py-10 text-center", className)}>
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <p className="mt-3 font-semibold text-slate-900">{title}</p>
      <div className="mx-auto mt-1 max-w-md text-sm text-slate-600">{children}</div>
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Card({ className, children, ...rest }: { className?: string; children: ReactNode } & React.HTMLAttributes<HTMLElement>) {
  return (
    <section className={cn("min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200", className)} {...rest}>
      {children}
    </section>
  );
}

const badgeTones = {
  slate: "bg-slate-100 text-slate-700",
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-800",
  red: "bg-red-100 text-red-800",
  blue: "bg-sky-100 text-sky-800",
  violet: "bg-violet-100 text-violet-800",
} as const;

export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone = "slate", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", badgeTones[tone], className)}>
      {children}
    </span>
  );
}

/** "Charger plus" under a long list (React Query's infinite pages). */
export function LoadMore({ hasMore, loading, onClick }: { hasMore: boolean; loading: boolean; onClick: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" loading={loading} onClick={onClick}>
        Charger plus
      </Button>
    </div>
  );
}
