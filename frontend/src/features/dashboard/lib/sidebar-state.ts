/**
 * The sidebar's open/collapsed state, kept 7 days in the `sidebar_state` cookie (SPEC.md section 9),
 * and the Ctrl/Cmd+B shortcut that toggles it.
 */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
/** Under this width the sidebar is a sheet over the page (SPEC.md: mobile breakpoint 768 px). */
export const MOBILE_BREAKPOINT = 768;

/** True (expanded) unless the cookie says "false": a first visit sees the full sidebar. */
export function readSidebarCookie(cookie: string): boolean {
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SIDEBAR_COOKIE_NAME) return rest.join("=") !== "false";
  }
  return true;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B on Windows and Linux, Cmd+B on a Mac; never with Shift or Alt (other shortcuts). */
export function isSidebarShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): boolean {
  return (
    event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey
  );
}
