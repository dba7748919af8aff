import { describe, expect, it } from "vitest";

import { fillTemplate, whatsappSegments } from "./whatsapp";

describe("fillTemplate", () => {
  it("fills each {{n}} with the n-th value, spaces inside the braces allowed", () => {
    expect(fillTemplate("Bonjour {{1}} ! Votre {{ 2 }} est en promo, {{1}}.", ["Awa", "pagne wax"])).toBe(
      "Bonjour Awa ! Votre pagne wax est en promo, Awa.",
    );
  });

  it("keeps a variable without a value visible", () => {
    expect(fillTemplate("Chez {{1}} : {{3}}", ["Akwaba"])).toBe("Chez Akwaba : {{3}}");
  });
});

describe("whatsappSegments", () => {
  it("reads bold, italic, strikethrough and monospace", () => {
    expect(whatsappSegments("*Promo* _ce soir_ ~5 000~ ```CODE10```")).toEqual([
      { text: "Promo", styles: ["bold"] },
      { text: " ", styles: [] },
      { text: "ce soir", styles: ["italic"] },
      { text: " ", styles: [] },
      { text: "5 000", styles: ["strike"] },
      { text: " ", styles: [] },
      { text: "CODE10", styles: ["mono"] },
    ]);
  });

  it("nests styles", () => {
    expect(whatsappSegments("*_-20 %_* aujourd'hui")).toEqual([
      { text: "-20 %", styles: ["bold", "italic"] },
      { text: " aujourd'hui", styles: [] },
    ]);
  });

  it("leaves markers that do not hug words as typed", () => {
    expect(whatsappSegments("5 * 3 = 15 et 2 * 2")).toEqual([{ text: "5 * 3 = 15 et 2 * 2", styles: [] }]);
    expect(whatsappSegments("mon_fichier_final")).toEqual([{ text: "mon_fichier_final", styles: [] }]);
    expect(whatsappSegments("* pas gras*")).toEqual([{ text: "* pas gras*", styles: [] }]);
  });

  it("never styles across a line break", () => {
    expect(whatsappSegments("*début\nfin*")).toEqual([{ text: "*début\nfin*", styles: [] }]);
  });
});
