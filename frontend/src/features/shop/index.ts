/** The shop feature: the « Ma boutique » page (lazy-loaded by the dashboard's routes), the home
 * page's checklist and the shop API. */
export { ShopChecklist } from "./components/ShopChecklist";
export { getChecklist, getChecklistQueryOptions, useChecklist } from "./api/get-checklist";
export { getShopDocument, getShopDocumentQueryOptions, useShopDocument } from "./api/get-shop-document";
export { replaceShopDocument, useReplaceShopDocument } from "./api/replace-shop-document";
export { shopQueryKey } from "./api/keys";
export type { Checklist, ChecklistItem, ShopDocument, ShopProfile, Zone, ZoneInput, FaqItem } from "./types";
export const loadShopPage = () => import("./routes/ShopPage");
