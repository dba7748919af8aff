/**
 * Query keys that more than one feature reads or invalidates. A key only its own feature uses stays
 * beside its fetcher.
 */

/** The home page's figures and recent activity (GET /auth/dashboard): most dashboard changes move them. */
export const dashboardHomeQueryKey = ["dashboard", "home"] as const;
