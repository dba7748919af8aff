import { act, renderHook } from "@testing-library/react";

import { useSidebar } from "./use-sidebar";

function setWidth(mobile: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: mobile,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

function clearCookie() {
  document.cookie = "sidebar_state=; path=/; max-age=0";
}

describe("the sidebar state", () => {
  beforeEach(clearCookie);

  it("starts from the cookie", () => {
    setWidth(false);
    document.cookie = "sidebar_state=false; path=/";
    const { result } = renderHook(() => useSidebar());
    expect(result.current.open).toBe(false);
  });

  it("toggles with Ctrl+B on a desktop and writes the cookie", () => {
    setWidth(false);
    const { result } = renderHook(() => useSidebar());
    expect(result.current.open).toBe(true);
    const event = new KeyboardEvent("keydown", { key: "b", ctrlKey: true, cancelable: true });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(result.current.open).toBe(false);
    expect(document.cookie).toContain("sidebar_state=false");
  });

  it("opens the sheet on a phone without touching the cookie", () => {
    setWidth(true);
    const { result } = renderHook(() => useSidebar());
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "b", metaKey: true }));
    });
    expect(result.current.openMobile).toBe(true);
    expect(result.current.open).toBe(true);
    expect(document.cookie).not.toContain("sidebar_state");
  });
});
