import { readFileSync } from "node:fs";
import path from "node:path";

const read = (relative: string) => readFileSync(path.resolve(__dirname, relative), "utf-8");

function block(css: string, opening: string): string {
  const start = css.indexOf(opening);
  if (start === -1) throw new Error(`${opening} not found`);
  return css.slice(start, css.indexOf("}", start) + 1);
}

describe("the landing style sheet", () => {
  const app = read("../../styles/index.css");
  const landing = read("./landing.css");

  it("uses the same theme tokens as the app", () => {
    expect(block(landing, "@theme")).toBe(block(app, "@theme"));
  });

  it("loads the same self-hosted font, with font-display swap", () => {
    expect(block(landing, "@font-face")).toBe(block(app, "@font-face"));
    expect(block(landing, "@font-face")).toContain("font-display: swap");
  });
});
