/** French number formatting for prices, the same in Node (prerender) and in every browser.
 *
 * Intl's fr-FR output differs between ICU versions (narrow vs. regular no-break space), and the
 * prerendered HTML must match what the SPA renders, so the grouping is done by hand: thousands
 * separated by a no-break space, and a no-break space before the currency so "F CFA" never wraps
 * away from its amount. */
export const NBSP = "\u00a0";

export function groupThousands(amount: number): string {
  const digits = String(Math.trunc(Math.abs(amount)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return amount < 0 ? `-${grouped}` : grouped;
}

export function formatFcfa(amount: number): string {
  return `${groupThousands(amount)}${NBSP}F${NBSP}CFA`;
}
