/** The campaigns feature: the « Campagnes » page (lazy-loaded by the dashboard's routes) and its API. */
export { campaignOptionsQueryOptions, campaignsQueryKey, useCampaignOptions } from "./api/campaigns";
export type { CampaignOptions } from "./types";
export const loadCampaignsPage = () => import("./routes/CampaignsPage");
