/**
 * A template's text as WhatsApp shows it: {{n}} filled, *bold*, _italic_, ~strikethrough~ and
 * ```monospace``` read the way the app reads them (the markers hug the words: « 5 * 3 » stays as typed).
 */

export type Style = "bold" | "italic" | "strike" | "mono";

export interface Segment {
  text: string;
  styles: Style[];
}

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** {{n}} replaced by the n-th value; a variable without value stays visible as {{n}}. */
export function fillTemplate(body: string, values: readonly string[]): string {
  return body.replace(PLACEHOLDER, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

const MARKERS: [string, Style][] = [
  ["```", "mono"],
  ["*", "bold"],
  ["_", "italic"],
  ["~", "strike"],
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// A marker opens at the start or after a non-word character, its content starts and ends with a
// non-space, and it closes before the end or a non-word character (WhatsApp's own reading).
const PATTERNS = MARKERS.map(([marker, style]) => {
  const m = escape(marker);
  return { style, marker, re: new RegExp(`(^|[^\\p{L}\\p{N}])${m}(?!\\s)([^\\n]*?[^\\s])${m}(?=$|[^\\p{L}\\p{N}])`, "u") };
});

/** The message split into styled runs, nested styles allowed (« *_promo_* » is bold italic). */
export function whatsappSegments(text: string, styles: Style[] = []): Segment[] {
  let best: { index: number; length: number; lead: string; inner: string; style: Style } | null = null;
  for (const { style, re } of PATTERNS) {
    if (styles.includes(style)) continue;
    const match = re.exec(text);
    if (match && (best === null || match.index + match[1].length < best.index)) {
      best = { index: match.index + match[1].length, length: match[0].length - match[1].length, lead: match[1], inner: match[2], style };
    }
  }
  if (best === null) return text ? [{ text, styles }] : [];
  const inner = best.style === "mono" ? [{ text: best.inner, styles: [...styles, "mono" as Style] }] : whatsappSegments(best.inner, [...styles, best.style]);
  return [
    ...(best.index > 0 ? [{ text: text.slice(0, best.index), styles }] : []),
    ...inner,
    ...whatsappSegments(text.slice(best.index + best.length), styles),
  ];
}
