/** The plans feature: the « Abonnement » page (lazy-loaded by the dashboard's routes) and its API. */
export { getPlans, getPlansQueryOptions, usePlans } from "./api/get-plans";
export { startUpgrade, useStartUpgrade } from "./api/start-upgrade";
export type { PlanOffer, UpgradeStarted } from "./types";
export const loadPlansPage = () => import("./routes/PlansPage");
