import { describe, expect, it } from "vitest";

import { exportFileName, formatEta, formatVersionCounts } from "./labels";

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

describe("formatVersionCounts", () => {
  it("counts products, zones and questions in French, singular or plural", () => {
    expect(formatVersionCounts({ products: 16, delivery_zones: 12, faq: 6 })).toBe("16 produits · 12 zones · 6 questions");
    expect(formatVersionCounts({ products: 1, delivery_zones: 0, faq: 1 })).toBe("1 produit · 0 zone · 1 question");
  });
});
