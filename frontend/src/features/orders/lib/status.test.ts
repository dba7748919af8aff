import { describe, expect, it } from "vitest";

import { filterParams, orderStatusLabels, statusFilters, zoneLabel } from "./status";

describe("order statuses", () => {
  it("names every status in French as the API does", () => {
    expect(orderStatusLabels.awaiting_payment).toBe("En attente de paiement");
    expect(orderStatusLabels.out_for_delivery).toBe("En route");
    expect(orderStatusLabels.picked_up).toBe("Retirée");
  });

  it("offers « Toutes » then one chip per status", () => {
    expect(statusFilters[0]).toEqual({ value: null, label: "Toutes" });
    expect(statusFilters).toHaveLength(10);
  });

  it("calls a pickup order a counter pickup", () => {
    expect(zoneLabel("pickup")).toBe("Retrait en boutique");
    expect(zoneLabel("Cocody")).toBe("Cocody");
  });

  it("leaves empty filters out of the query", () => {
    expect(filterParams({ status: null, q: "  ", date_from: "2026-11-01", date_to: "" })).toEqual({ date_from: "2026-11-01" });
    expect(filterParams({ status: "paid", q: " CMD " })).toEqual({ status: "paid", q: "CMD" });
  });
});
