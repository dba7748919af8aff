import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

import { MOBILE_BREAKPOINT, isSidebarShortcut, readSidebarCookie, sidebarCookie } from "../lib/sidebar-state";

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribeToWidth(onChange: () => void) {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(mobileQuery).matches, () => false);
}

export interface SidebarControls {
  /** Desktop: full (true) or icons only (false); kept in the cookie. */
  open: boolean;
  /** Phone: the sheet is shown. */
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

/** The sidebar's state: the cookie for the desktop width, a sheet on a phone, Ctrl/Cmd+B for both. */
export function useSidebar(): SidebarControls {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(() => readSidebarCookie(document.cookie));
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (window.matchMedia(mobileQuery).matches) {
      setOpenMobile((value) => !value);
      return;
    }
    setOpen((value) => {
      document.cookie = sidebarCookie(!value);
      return !value;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      // Ctrl+B would otherwise open the browser's bookmarks bar in some browsers.
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  // Widening the window past the breakpoint closes a sheet left open.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  return { open, openMobile, isMobile, setOpenMobile, toggle };
}
