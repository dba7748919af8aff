import { describe, expect, it } from "vitest";

import { knownRoutes, paths } from "./paths";

function flatten(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Object.values(value as Record<string, unknown>).flatMap(flatten);
}

describe("paths", () => {
  it("names exactly the routes Django serves with status 200", () => {
    expect(new Set(flatten(paths))).toEqual(new Set(knownRoutes));
  });
});
