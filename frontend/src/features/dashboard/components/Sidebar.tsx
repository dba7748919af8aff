import { BadgeCheck, Crown, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router-dom";

import { paths } from "@/config/paths";
import { PlanBadge } from "@/components/PlanBadge";
import { UserAvatar } from "@/components/UserAvatar";
import { fullName, useAuth, useMe } from "@/features/auth";
import { cn } from "@/lib/cn";
import { formatPhone } from "@/lib/phone";

import { useUnreadMessagesCount } from "@/features/conversations";
import { navItems, type NavItem } from "./nav-items";

interface SidebarContentProps {
  /** Icons only (desktop, collapsed). */
  collapsed: boolean;
  onNavigate?: () => void;
}

function NavEntry({
  item,
  collapsed,
  allowed,
  onNavigate,
  badge = 0,
}: {
  item: NavItem;
  collapsed: boolean;
  allowed: boolean;
  onNavigate?: () => void;
  badge?: number;
}) {
  const Icon = item.icon;
  const base = "flex min-h-10 items-center gap-3 rounded-lg px-2.5 py-2 text-sm font-medium";
  if (!allowed) {
    return (
      <span
        aria-disabled="true"
        data-locked="true"
        title="Réservé aux plans Pro et Entreprise"
        className={cn(base, "cursor-not-allowed text-slate-400 opacity-60", collapsed && "justify-center px-0")}
      >
        <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
        <span className={cn("flex-1 truncate", collapsed && "sr-only")}>{item.label}</span>
        <Crown aria-hidden="true" data-icon="crown" className={cn("h-4 w-4 shrink-0 text-amber-500", collapsed && "hidden")} />
        <span className="sr-only"> (réservé aux plans Pro et Entreprise)</span>
      </span>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.to === paths.dashboard.root}
      onClick={onNavigate}
      title={collapsed ? item.label : undefined}
      className={({ isActive }) =>
        cn(
          base,
          "transition-colors focus-visible:outline-2 focus-visible:outline-brand-600",
          isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
          collapsed && "justify-center px-0",
        )
      }
    >
      <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
      <span className={cn("truncate", collapsed && "sr-only")}>{item.label}</span>
      {item.badge && !collapsed && <item.badge />}
      {badge > 0 && (
        <span
          data-testid="nav-unread-badge"
          // Hidden from the link's accessible name (which stays the page's name); the list says it in full.
          aria-hidden="true"
          title={`${badge} message${badge > 1 ? "s" : ""} non lu${badge > 1 ? "s" : ""}`}
          className={cn(
            "ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white",
            collapsed && "sr-only",
          )}
        >
          {badge > 99 ? "99+" : badge}
        </span>
      )}
    </NavLink>
  );
}

function SidebarContent({ collapsed, onNavigate }: SidebarContentProps) {
  const { user } = useAuth();
  const me = useMe().data;
  const canAccessAnalytics = !!me?.permissions.can_access_analytics;
  const verified = !!me?.account.is_fully_verified;
  const unread = useUnreadMessagesCount().data ?? 0;

  return (
    <div className="flex h-full flex-col">
      <div className={cn("flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 px-3", collapsed && "justify-center px-0")}>
        <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white">
          F
        </span>
        <span className={cn("text-lg font-bold text-slate-900", collapsed && "sr-only")}>Flux IA</span>
      </div>
      <nav aria-label="Navigation du tableau de bord" className={cn("flex-1 overflow-y-auto p-2", collapsed && "px-1.5")}>
        <ul className="space-y-1">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavEntry
                item={item}
                collapsed={collapsed}
                allowed={!item.needsAnalytics || canAccessAnalytics}
                onNavigate={onNavigate}
                badge={item.to === paths.dashboard.conversations ? unread : 0}
              />
            </li>
          ))}
        </ul>
      </nav>
      <div data-testid="sidebar-footer" className={cn("flex shrink-0 items-center gap-2 border-t border-slate-200 p-3", collapsed && "justify-center px-0")}>
        <UserAvatar prenom={user?.prenom} nom={user?.nom} photo={user?.photo_profil} />
        <div className={cn("min-w-0 flex-1", collapsed && "sr-only")}>
          <p className="flex items-center gap-1 truncate text-sm font-semibold text-slate-900">
            <span className="truncate">{fullName(user)}</span>
            {verified && <BadgeCheck role="img" aria-label="Compte vérifié" className="h-4 w-4 shrink-0 text-brand-600" />}
          </p>
          <p className="truncate text-xs text-slate-500">{user?.adresse_email || formatPhone(user?.numero_telephone)}</p>
          {me && <PlanBadge plan={me.account.subscription_plan} premium={canAccessAnalytics} className="mt-1" />}
        </div>
      </div>
    </div>
  );
}

/** Desktop: 16rem with labels or 3rem of icons. */
export function DesktopSidebar({ open }: { open: boolean }) {
  return (
    <aside
      data-testid="sidebar"
      data-state={open ? "expanded" : "collapsed"}
      className={cn(
        "sticky top-0 hidden h-screen shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 md:block",
        open ? "w-64" : "w-12",
      )}
    >
      <SidebarContent collapsed={!open} />
    </aside>
  );
}

/** Under 768 px: an 18rem sheet over the page, closed by Escape, the backdrop or a link. */
export function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <button type="button" aria-label="Fermer le menu" tabIndex={-1} className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Menu du tableau de bord"
        data-testid="sidebar-sheet"
        className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl"
      >
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          aria-label="Fermer le menu"
          className="absolute top-3 right-3 flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
        <SidebarContent collapsed={false} onNavigate={onClose} />
      </div>
    </div>
  );
}
