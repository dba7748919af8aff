import { describe, expect, it } from "vitest";

import { exportFileName, formatEta } from "./labels";

describe("formatEta", () => {
  it("writes a range in minutes, or a dash when there is none", () => {
    expect(formatEta([30, 45])).toBe("30–45 min");
    expect(formatEta([20, 20])).toBe("20 min");
    expect(formatEta(null)).toBe("—");
  });
});

describe("exportFileName", () => {
  it("names the file after the shop without accents or spaces", () => {
    expect(exportFileName("Épicerie Chez Koffi")).toBe("boutique-epicerie-chez-koffi.json");
    expect(exportFileName("")).toBe("boutique.json");
  });
});
