import { useCallback, useEffect, useState } from "react";

/** "09:59" for 599 seconds. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

const remainingUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * A countdown from `initialSeconds` that ticks each second and stops at 0. It counts against a
 * deadline, not ticks, so a phone that throttles a background tab still shows the true time left.
 * `reset(n)` restarts it from n (0 ends it at once).
 */
export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [seconds, setSeconds] = useState(initialSeconds);

  useEffect(() => {
    const tick = () => setSeconds(remainingUntil(deadline));
    tick();
    if (remainingUntil(deadline) <= 0) return undefined;
    const timer = window.setInterval(() => {
      tick();
      if (remainingUntil(deadline) <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const reset = useCallback(
    (value: number = initialSeconds) => {
      const next = Math.max(0, value);
      setSeconds(next);
      setDeadline(Date.now() + next * 1000);
    },
    [initialSeconds],
  );

  return { seconds, isFinished: seconds <= 0, reset, formatted: formatCountdown(seconds) };
}
