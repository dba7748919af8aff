import { ChevronDown, LogOut, Settings, UserRound } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";

import { paths } from "@/config/paths";
import { UserAvatar } from "@/components/UserAvatar";
import { SETTINGS_ANCHOR } from "@/config/anchors";
import { fullName, useAuth } from "@/features/auth";
import { formatPhone } from "@/lib/phone";

/**
 * The header's user menu: a button named after the user that discloses Mon profil, Paramètres and
 * Déconnexion. Escape, a click elsewhere or a navigation closes it.
 */
export function UserMenu() {
  const { user, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();
  const name = fullName(user);

  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const item = "flex min-h-10 w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100";

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Menu utilisateur de ${name}`}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-10 items-center gap-2 rounded-lg px-1.5 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <UserAvatar prenom={user?.prenom} nom={user?.nom} photo={user?.photo_profil} />
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 sm:block">{name}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 text-slate-500" />
      </button>
      {open && (
        <div id={menuId} className="absolute right-0 z-30 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200">
          <div className="border-b border-slate-100 px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-500">{user?.adresse_email || formatPhone(user?.numero_telephone)}</p>
          </div>
          <ul className="pt-1">
            <li>
              <Link to={paths.dashboard.profile} className={item} onClick={() => setOpen(false)}>
                <UserRound aria-hidden="true" className="h-4 w-4" />
                Mon profil
              </Link>
            </li>
            <li>
              <Link to={`${paths.dashboard.profile}#${SETTINGS_ANCHOR}`} className={item} onClick={() => setOpen(false)}>
                <Settings aria-hidden="true" className="h-4 w-4" />
                Paramètres
              </Link>
            </li>
            <li>
              <button type="button" className={`${item} text-red-700 hover:bg-red-50`} onClick={() => void logout()}>
                <LogOut aria-hidden="true" className="h-4 w-4" />
                Déconnexion
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
