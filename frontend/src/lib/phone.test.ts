import { describe, expect, it } from "vitest";

import { formatPhone } from "./phone";

describe("formatPhone", () => {
  it("groups an Ivorian number by two after +225", () => {
    expect(formatPhone("+2250748017823")).toBe("+225 07 48 01 78 23");
  });

  it("keeps other countries' codes apart", () => {
    expect(formatPhone("+33612345678")).toBe("+33 612 34 56 78");
  });

  it("accepts an already spaced number", () => {
    expect(formatPhone("+225 07 48 01 78 23")).toBe("+225 07 48 01 78 23");
  });

  it("returns text that is not E.164 unchanged, and nothing for nothing", () => {
    expect(formatPhone("0748017823")).toBe("0748017823");
    expect(formatPhone("")).toBe("");
    expect(formatPhone(null)).toBe("");
  });
});
