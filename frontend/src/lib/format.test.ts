import { formatChange, formatFigure, formatRelative, formatShortTime, initials } from "./format";

const spaces = (text: string) => text.replace(/\u00a0/g, " ");

describe("amounts and figures", () => {
  it("writes an F CFA figure with the one money formatter", () => {
    expect(formatFigure(89355, "F CFA")).toBe("89\u202f355\u00a0F CFA");
  });

  it("writes percentages with a decimal comma and a unit", () => {
    expect(spaces(formatFigure(94.25, "%"))).toBe("94,3 %");
    expect(spaces(formatFigure(90, "%"))).toBe("90 %");
    expect(spaces(formatFigure(1247, "conversations"))).toBe("1 247 conversations");
    expect(spaces(formatFigure(2.5, "min"))).toBe("2,5 min");
    expect(spaces(formatFigure(1, "conversations"))).toBe("1 conversation");
    expect(spaces(formatFigure(0, "commandes"))).toBe("0 commande");
    expect(spaces(formatFigure(1, "F CFA"))).toBe("1 F CFA");
  });

  it("shows a dash when there is no data and a day's name as is", () => {
    expect(formatFigure(null, "%")).toBe("—");
    expect(formatFigure("samedi", "")).toBe("samedi");
  });

  it("signs a change", () => {
    expect(spaces(formatChange(12.5)!)).toBe("+12,5 %");
    expect(spaces(formatChange(-3)!)).toBe("-3 %");
    expect(formatChange(null)).toBeNull();
  });
});

describe("times", () => {
  const now = new Date("2026-11-21T15:00:00Z");

  it("gives the hour today, 'Hier' yesterday, the date before", () => {
    expect(formatShortTime("2026-11-21T09:05:00Z", now)).toBe("09:05");
    expect(formatShortTime("2026-11-20T22:00:00Z", now)).toBe("Hier");
    expect(formatShortTime("2026-11-12T10:00:00Z", now)).toBe("12 nov.");
  });

  it("says how long ago", () => {
    expect(formatRelative("2026-11-21T14:59:30Z", now)).toBe("à l'instant");
    expect(spaces(formatRelative("2026-11-21T14:55:00Z", now))).toBe("il y a 5 min");
    expect(spaces(formatRelative("2026-11-21T12:00:00Z", now))).toBe("il y a 3 h");
    expect(spaces(formatRelative("2026-11-19T15:00:00Z", now))).toBe("il y a 2 j");
  });
});

describe("people", () => {
  it("takes the initials of the first and last names", () => {
    expect(initials("awa", "Koné")).toBe("AK");
    expect(initials("", "")).toBe("?");
  });
});
