import { formatFcfa, groupThousands } from "./format";

const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("French amount formatting", () => {
  it("groups thousands with a space, as in 78 800 F CFA", () => {
    expect(plain(formatFcfa(78800))).toBe("78 800 F CFA");
    expect(plain(formatFcfa(89355))).toBe("89 355 F CFA");
  });

  it("keeps the amount and the currency together with no-break spaces", () => {
    expect(formatFcfa(1250000)).toBe("1\u00a0250\u00a0000\u00a0F\u00a0CFA");
  });

  it("leaves small amounts ungrouped", () => {
    expect(groupThousands(0)).toBe("0");
    expect(groupThousands(999)).toBe("999");
    expect(plain(groupThousands(-1000))).toBe("-1 000");
  });
});
