/**
 * The dashboard's routes, mounted under /dashboard by the app's router (inside the authentication
 * guard). The layout and each page are chunks of their own; the statistics page keeps a second
 * guard for plan pro and the analytics permission.
 */
import type { RouteObject } from "react-router-dom";

import { paths } from "@/config/paths";

export const dashboardRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import("./components/DashboardLayout")).default }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import("./routes/HomePage")).default }) },
      { path: paths.dashboard.conversations, lazy: async () => ({ Component: (await import("./routes/ConversationsPage")).default }) },
      { path: paths.dashboard.emails, lazy: async () => ({ Component: (await import("./routes/EmailsPage")).default }) },
      { path: paths.dashboard.logistics, lazy: async () => ({ Component: (await import("./routes/LogisticsPage")).default }) },
      {
        // The statistics need plan pro (or entreprise) and the analytics permission.
        path: paths.dashboard.analytics,
        lazy: async () => {
          const [{ ProtectedRoute }, { default: Page }] = await Promise.all([
            import("@/features/auth/components/ProtectedRoute"),
            import("./routes/AnalyticsPage"),
          ]);
          return {
            Component: () => (
              <ProtectedRoute requiredPlan="pro" permission="canAccessAnalytics">
                <Page />
              </ProtectedRoute>
            ),
          };
        },
      },
      { path: paths.dashboard.catalog, lazy: async () => ({ Component: (await import("@/features/catalog/routes/CatalogPage")).default }) },
      { path: paths.dashboard.shop, lazy: async () => ({ Component: (await import("@/features/shop/routes/ShopPage")).default }) },
      { path: paths.dashboard.profile, lazy: async () => ({ Component: (await import("./routes/ProfilePage")).default }) },
    ],
  },
];
