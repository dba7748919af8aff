import { describe, expect, it } from "vitest";

import { knownRoutes } from "./paths";
import { titleFor } from "./titles";

describe("titleFor", () => {
  it("gives every known route its own French title", () => {
    const titles = knownRoutes.map(titleFor);
    expect(new Set(titles).size).toBe(knownRoutes.length);
    expect(titles.every((title) => !title.startsWith("Page introuvable"))).toBe(true);
  });

  it("names the screen before the brand, trailing slash or not", () => {
    expect(titleFor("/dashboard/orders")).toBe("Commandes · Flux IA");
    expect(titleFor("/auth/login/")).toBe("Connexion · Flux IA");
  });

  it("says when a page does not exist", () => {
    expect(titleFor("/dashboard/nope")).toBe("Page introuvable · Flux IA");
  });
});
