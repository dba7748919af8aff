import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { formatCountdown, useCountdown } from "./use-countdown";

describe("formatCountdown", () => {
  it("writes minutes and seconds on two digits", () => {
    expect(formatCountdown(600)).toBe("10:00");
    expect(formatCountdown(599)).toBe("09:59");
    expect(formatCountdown(59)).toBe("00:59");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-3)).toBe("00:00");
  });
});

describe("useCountdown", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("ticks once a second from its start", () => {
    const { result } = renderHook(() => useCountdown(600));
    expect(result.current.seconds).toBe(600);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(599);
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.formatted).toBe("09:57");
  });

  it("stops at zero and says it is finished", () => {
    const { result } = renderHook(() => useCountdown(2));
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ seconds: 0, isFinished: true });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.seconds).toBe(0);
  });

  it("restarts from the given value on reset, and reset(0) ends it", () => {
    const { result } = renderHook(() => useCountdown(600));
    act(() => vi.advanceTimersByTime(1000));
    act(() => result.current.reset(0));
    expect(result.current.isFinished).toBe(true);
    act(() => result.current.reset());
    expect(result.current.seconds).toBe(600);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(599);
  });

  it("shows the true time left when a background tab's timers were held back", () => {
    const { result } = renderHook(() => useCountdown(600));
    vi.setSystemTime(Date.now() + 120_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(479);
  });
});
