import { afterEach, describe, expect, it, vi } from "vitest";

import { codeDeadline, getPendingCodeExpiry, setPendingCodeExpiry } from "./storage";

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe("the pending code's expiry", () => {
  it("is kept for the address the code was sent to only", () => {
    setPendingCodeExpiry("+2250707070707", "2026-11-23T10:10:00Z");
    expect(getPendingCodeExpiry("+2250707070707")).toBe(Date.parse("2026-11-23T10:10:00Z"));
    expect(getPendingCodeExpiry("awa@example.ci")).toBeNull();
    setPendingCodeExpiry(null);
    expect(getPendingCodeExpiry("+2250707070707")).toBeNull();
  });

  it("counts the seconds the server gives from the device's own clock, however wrong it is", () => {
    vi.useFakeTimers();
    // The device believes it is 2020; the server's expires_at is in 2026.
    vi.setSystemTime(new Date("2020-01-01T00:00:00Z"));
    expect(codeDeadline({ expires_at: "2026-11-23T10:10:00Z", expires_in: 600 })).toBe("2020-01-01T00:10:00.000Z");
    expect(codeDeadline({ expires_at: "2026-11-23T10:10:00Z" })).toBe("2026-11-23T10:10:00Z");
    expect(codeDeadline({})).toBeNull();
  });
});
