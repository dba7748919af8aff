import type { DeliveryStep, Driver } from "../types";

/** A position older than this no longer says where the driver is (the server uses the same 10 min). */
export const FRESH_MINUTES = 10;

export function isFresh(position: Driver["last_position"], now: Date = new Date()): boolean {
  if (!position) return false;
  return now.getTime() - new Date(position.recorded_at).getTime() < FRESH_MINUTES * 60_000;
}

/** The OpenStreetMap page centred on a point (no paid map API). */
export function osmUrl(lat: number, lng: number): string {
  const la = lat.toFixed(5);
  const ln = lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${ln}#map=16/${la}/${ln}`;
}

/** The latest problem the driver reported, unless he delivered afterwards. */
export function openProblem(steps: DeliveryStep[]): DeliveryStep | null {
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const step = steps[index];
    if (step.kind === "delivered") return null;
    if (step.kind === "problem") return step;
  }
  return null;
}
