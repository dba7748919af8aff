import { isSidebarShortcut, readSidebarCookie, sidebarCookie } from "./sidebar-state";

const key = (init: Partial<KeyboardEvent>) => ({ key: "b", ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...init });

describe("the sidebar cookie", () => {
  it("keeps the state for seven days on every path", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; path=/; max-age=604800; SameSite=Lax");
    expect(sidebarCookie(true)).toMatch(/^sidebar_state=true;/);
  });

  it("reads the state among other cookies", () => {
    expect(readSidebarCookie("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarCookie("sidebar_state=true")).toBe(true);
  });

  it("opens the sidebar on a first visit or an unreadable value", () => {
    expect(readSidebarCookie("")).toBe(true);
    expect(readSidebarCookie("other_sidebar_state=false")).toBe(true);
    expect(readSidebarCookie("sidebar_state=")).toBe(true);
  });
});

describe("the sidebar shortcut", () => {
  it("is Ctrl+B or Cmd+B", () => {
    expect(isSidebarShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ key: "B", ctrlKey: true }))).toBe(true);
  });

  it("ignores a plain b and other combinations", () => {
    expect(isSidebarShortcut(key({}))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ key: "c", ctrlKey: true }))).toBe(false);
  });
});
