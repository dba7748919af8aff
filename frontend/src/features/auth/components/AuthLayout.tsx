import { ArrowLeft, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  back?: { to: string; label: string };
  footer?: ReactNode;
  wide?: boolean;
}

export function Logo() {
  return (
    <Link to={paths.home} className="inline-flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
        <Sparkles aria-hidden="true" className="h-4 w-4" />
      </span>
      Flux IA
    </Link>
  );
}

/** The frame every auth screen shares: logo, optional back link, a card, a footer. */
export function AuthLayout({ title, subtitle, children, back, footer, wide = false }: AuthLayoutProps) {
  return (
    <div className="min-h-screen bg-linear-to-br from-brand-50 via-white to-orange-50 px-4 py-6 sm:py-12">
      <div className={cn("mx-auto w-full", wide ? "max-w-2xl" : "max-w-md")}>
        <div className="mb-6 flex items-center justify-between gap-4">
          <Logo />
          {back && (
            <Link
              to={back.to}
              className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:text-brand-700"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              {back.label}
            </Link>
          )}
        </div>
        <main className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <div className="mt-2 text-sm text-slate-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </main>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}

export const textLink = "font-medium text-brand-700 underline-offset-2 hover:underline";
