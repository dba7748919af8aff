/**
 * Money in one place, the twin of the server's core.money: amounts are integers of F CFA (XOF has
 * no minor unit), written "3 500 F CFA".
 *
 * The grouping is done by hand, not by Intl: fr-FR output differs between ICU versions (narrow or
 * regular no-break space), and the prerendered landing page must match what the SPA renders and
 * what the server writes in its own texts.
 */

/** Between thousands, as French typography writes it. */
export const NARROW_NBSP = "\u202f";
/** Between the amount and its currency, so the two never wrap apart. */
export const NBSP = "\u00a0";

/** 3500 → "3 500 F CFA": narrow no-break spaces between thousands, a no-break space before F. */
export function formatFcfa(amount: number): string {
  const digits = String(Math.trunc(Math.abs(amount)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_NBSP);
  return `${amount < 0 ? "-" : ""}${grouped}${NBSP}F CFA`;
}
