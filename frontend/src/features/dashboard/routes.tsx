/**
 * The dashboard's routes, mounted under /dashboard by the app's router (inside the authentication
 * guard). The layout and each feature's page are chunks of their own (each page is imported from
 * its feature's index); the statistics page keeps a second guard for the analytics permission.
 */
import type { RouteObject } from "react-router-dom";

import { paths } from "@/config/paths";
import { loadAssistantTryPage } from "@/features/assistant";
import { loadCatalogPage } from "@/features/catalog";
import { loadConversationsPage } from "@/features/conversations";
import { loadOrdersPage } from "@/features/orders";
import { loadPlansPage } from "@/features/plans";
import { loadShopPage } from "@/features/shop";

export const dashboardRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import("./components/DashboardLayout")).default }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import("./routes/HomePage")).default }) },
      { path: paths.dashboard.conversations, lazy: async () => ({ Component: (await loadConversationsPage()).default }) },
      { path: paths.dashboard.orders, lazy: async () => ({ Component: (await loadOrdersPage()).default }) },
      { path: paths.dashboard.assistant, lazy: async () => ({ Component: (await loadAssistantTryPage()).default }) },
      { path: paths.dashboard.emails, lazy: async () => ({ Component: (await import("@/features/emails")).EmailsPage }) },
      { path: paths.dashboard.logistics, lazy: async () => ({ Component: (await import("@/features/logistics")).LogisticsPage }) },
      {
        // The server's plan catalogue grants the analytics permission (plans pro and entreprise today).
        path: paths.dashboard.analytics,
        lazy: async () => {
          const [{ ProtectedRoute }, { AnalyticsPage }] = await Promise.all([import("@/features/auth"), import("@/features/analytics")]);
          return {
            Component: () => (
              <ProtectedRoute permission="can_access_analytics">
                <AnalyticsPage />
              </ProtectedRoute>
            ),
          };
        },
      },
      { path: paths.dashboard.catalog, lazy: async () => ({ Component: (await loadCatalogPage()).default }) },
      { path: paths.dashboard.shop, lazy: async () => ({ Component: (await loadShopPage()).default }) },
      { path: paths.dashboard.profile, lazy: async () => ({ Component: (await import("@/features/profile")).ProfilePage }) },
      { path: paths.dashboard.plans, lazy: async () => ({ Component: (await loadPlansPage()).default }) },
    ],
  },
];
