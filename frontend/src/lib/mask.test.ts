import { describe, expect, it } from "vitest";

import { isPhoneNumber, maskEmail } from "./mask";

describe("maskEmail", () => {
  it("keeps the first and last characters of the local part around ***", () => {
    expect(maskEmail("koffi.yao@example.ci")).toBe("k***o@example.ci");
  });

  it("masks a one-character local part", () => {
    expect(maskEmail("a@b.ci")).toBe("a***a@b.ci");
  });

  it("masks a phone number, keeping its country code and last two digits", () => {
    expect(maskEmail("+2250701020304")).toBe("+225***04");
  });
});

describe("isPhoneNumber", () => {
  it("tells a phone number from an e-mail address", () => {
    expect(isPhoneNumber("+2250701020304")).toBe(true);
    expect(isPhoneNumber("awa@example.ci")).toBe(false);
  });
});
