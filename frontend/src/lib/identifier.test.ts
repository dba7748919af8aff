import { describe, expect, it } from "vitest";

import { looksLikePhone, phoneToE164 } from "./identifier";

describe("login identifier", () => {
  it("tells a number from an address", () => {
    expect(looksLikePhone("0505123456")).toBe(true);
    expect(looksLikePhone("+225 05 05 12 34 56")).toBe(true);
    expect(looksLikePhone("awa@example.ci")).toBe(false);
    expect(looksLikePhone("awa")).toBe(false);
    expect(looksLikePhone("")).toBe(false);
  });

  it("reads numbers the way the server does", () => {
    expect(phoneToE164("0505123456")).toBe("+2250505123456");
    expect(phoneToE164("05 05 12 34 56")).toBe("+2250505123456");
    expect(phoneToE164("+225 05.05.12.34.56")).toBe("+2250505123456");
    expect(phoneToE164("00225 0505123456")).toBe("+2250505123456");
    expect(phoneToE164("+33 6 12 34 56 78")).toBe("+33612345678");
  });
});
