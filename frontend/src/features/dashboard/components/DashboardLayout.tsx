/**
 * The dashboard's frame (SPEC.md "Dashboard layout"): the collapsible sidebar, the header with the
 * plan badge and the user menu, and the current page.
 */
import { Menu, PanelLeft } from "lucide-react";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";

import { PlanBadge } from "@/components/PlanBadge";
import { Spinner } from "@/components/Spinner";
import { useMe } from "@/features/auth";

import { DesktopSidebar, MobileSidebar } from "./Sidebar";
import { useSidebar } from "./use-sidebar";
import { UserMenu } from "./UserMenu";

export default function DashboardLayout() {
  const { open, openMobile, isMobile, setOpenMobile, toggle } = useSidebar();
  const me = useMe().data;
  const location = useLocation();

  // A link to an anchor of a page (the user menu's Paramètres) scrolls to it once it is rendered.
  useEffect(() => {
    if (!location.hash) window.scrollTo({ top: 0 });
  }, [location.pathname, location.hash]);

  return (
    <div className="flex min-h-screen bg-slate-50">
      <DesktopSidebar open={open} />
      <MobileSidebar open={isMobile && openMobile} onClose={() => setOpenMobile(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 sm:px-4">
          <button
            type="button"
            onClick={toggle}
            aria-label={isMobile ? "Ouvrir le menu" : open ? "Réduire la barre latérale" : "Déplier la barre latérale"}
            aria-expanded={isMobile ? openMobile : open}
            aria-keyshortcuts="Control+B Meta+B"
            title="Ctrl+B"
            className="flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {isMobile ? <Menu aria-hidden="true" className="h-5 w-5" /> : <PanelLeft aria-hidden="true" className="h-5 w-5" />}
          </button>
          <span className="truncate text-sm font-semibold text-slate-900 md:hidden">Flux IA</span>
          <div className="ml-auto flex items-center gap-2">
            {me && <PlanBadge plan={me.account.subscription_plan} premium={me.permissions.can_access_analytics} />}
            <UserMenu />
          </div>
        </header>
        <main className="mx-auto w-full max-w-7xl min-w-0 flex-1 p-4 sm:p-6">
          {/* A page's chunk loading: the frame stays, a spinner stands in for the page. */}
          <Suspense fallback={<div className="flex justify-center pt-16"><Spinner /></div>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
