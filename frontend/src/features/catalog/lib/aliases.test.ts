import { describe, expect, it } from "vitest";

import { nextPageFrom, parseAliases } from "./aliases";

describe("parseAliases", () => {
  it("splits on commas and semicolons, trims and drops empty or repeated aliases", () => {
    expect(parseAliases(" alloco, aloco ;; banane frite, alloco ,")).toEqual(["alloco", "aloco", "banane frite"]);
  });

  it("gives an empty list for an empty field", () => {
    expect(parseAliases("   ")).toEqual([]);
  });
});

describe("nextPageFrom", () => {
  it("reads the page of DRF's next link, and nothing on the last page", () => {
    expect(nextPageFrom("http://testserver/api/v1/catalog/products?page=3&q=riz")).toBe(3);
    expect(nextPageFrom(null)).toBeUndefined();
  });
});
