import { useCallback, useEffect, useState } from "react";

/** "09:59" for 599 seconds. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * A countdown from `initialSeconds` that ticks once a second and stops at 0. `reset(n)` restarts
 * it from n (0 stops it at once).
 */
export function useCountdown(initialSeconds: number) {
  const [seconds, setSeconds] = useState(initialSeconds);

  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = window.setTimeout(() => setSeconds((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  const reset = useCallback((value: number = initialSeconds) => setSeconds(Math.max(0, value)), [initialSeconds]);

  return { seconds, isFinished: seconds <= 0, reset, formatted: formatCountdown(seconds) };
}
