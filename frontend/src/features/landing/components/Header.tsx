import { LayoutDashboard, Sparkles } from "lucide-react";

import { paths } from "@/config/paths";

import { brand, header } from "../content";

/** Fixed header. The visitor's sign-in button is in the HTML; enhance.ts swaps in the member's
 * first name and 'Mon Dashboard' when localStorage holds a signed-in user. */
export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white/95">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-4 sm:h-16 sm:flex-nowrap sm:px-6">
        <a href="#top" className="flex h-14 items-center gap-2 text-lg font-bold tracking-tight text-slate-900 sm:h-auto">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Sparkles aria-hidden="true" className="size-4" />
          </span>
          {brand}
        </a>
        <nav
          aria-label="Navigation principale"
          className="order-3 -mx-4 flex w-[calc(100%+2rem)] justify-center gap-8 border-t border-slate-100 py-2 text-sm font-medium text-slate-600 sm:order-none sm:mx-0 sm:w-auto sm:justify-start sm:border-0 sm:py-0"
        >
          {header.nav.map((link) => (
            <a key={link.href} href={link.href} className="rounded py-1 hover:text-brand-700">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto flex h-14 items-center sm:h-auto">
          <a
            data-visitor=""
            href={paths.auth.root}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {header.signIn}
          </a>
          <div data-member="" hidden className="flex items-center gap-3">
            <span className="max-w-[8rem] truncate text-sm font-medium text-slate-700" data-member-name="" />
            <a
              href={paths.dashboard.root}
              className="flex items-center gap-1.5 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              <LayoutDashboard aria-hidden="true" className="size-4" />
              {header.dashboard}
            </a>
          </div>
        </div>
      </div>
    </header>
  );
}
