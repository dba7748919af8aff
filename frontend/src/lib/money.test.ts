import { formatFcfa } from "./money";

describe("an amount in F CFA", () => {
  it("is written as the server writes it, narrow no-break spaces between thousands", () => {
    expect(formatFcfa(3500)).toBe("3\u202f500\u00a0F CFA");
    expect(formatFcfa(1250000)).toBe("1\u202f250\u202f000\u00a0F CFA");
  });

  it("keeps the currency on the amount's line with a no-break space", () => {
    expect(formatFcfa(89355)).toMatch(/\u00a0F CFA$/);
    expect(formatFcfa(89355)).not.toMatch(/\d /);
  });

  it("leaves amounts under a thousand ungrouped", () => {
    expect(formatFcfa(0)).toBe("0\u00a0F CFA");
    expect(formatFcfa(999)).toBe("999\u00a0F CFA");
  });

  it("signs a negative amount and drops a fraction, as XOF has no minor unit", () => {
    expect(formatFcfa(-1000)).toBe("-1\u202f000\u00a0F CFA");
    expect(formatFcfa(1500.7)).toBe("1\u202f500\u00a0F CFA");
  });
});
