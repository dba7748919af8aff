import { describe, expect, it } from "vitest";

import type { DeliveryStep } from "../types";
import { isFresh, openProblem, osmUrl } from "./live";

const step = (kind: DeliveryStep["kind"], at: string): DeliveryStep => ({
  kind,
  label: kind,
  reason: kind === "problem" ? "absent" : "",
  reason_label: kind === "problem" ? "Client absent" : "",
  note: "",
  at,
});

describe("live positions and steps", () => {
  const now = new Date("2026-11-26T10:00:00Z");

  it("calls a position fresh for 10 minutes", () => {
    expect(isFresh({ lat: 5.3, lng: -4, accuracy_m: 10, recorded_at: "2026-11-26T09:51:00Z" }, now)).toBe(true);
    expect(isFresh({ lat: 5.3, lng: -4, accuracy_m: 10, recorded_at: "2026-11-26T09:49:00Z" }, now)).toBe(false);
    expect(isFresh(null, now)).toBe(false);
  });

  it("links OpenStreetMap on the point", () => {
    expect(osmUrl(5.36, -3.98)).toBe("https://www.openstreetmap.org/?mlat=5.36000&mlon=-3.98000#map=16/5.36000/-3.98000");
  });

  it("keeps a problem open until the delivery is delivered", () => {
    expect(openProblem([step("picked_up", "a"), step("problem", "b")])?.reason_label).toBe("Client absent");
    expect(openProblem([step("problem", "a"), step("delivered", "b")])).toBeNull();
    expect(openProblem([])).toBeNull();
  });
});
