/**
 * Everything under /dashboard, one lazy chunk away from the login screen: React Query's client, the
 * authentication guard, the layout (sidebar, header) and each feature's page, itself a chunk of its
 * own. The statistics page keeps a second guard for the analytics permission.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, useEffect } from "react";
import { Route, Routes } from "react-router-dom";

import { paths } from "@/config/paths";
import { meQueryKey, onSessionSync, ProtectedRoute } from "@/features/auth";
import { createQueryClient } from "@/lib/query-client";

import DashboardLayout from "./components/DashboardLayout";

// One client for the page's life: leaving the dashboard and coming back keeps its cache.
const queryClient = createQueryClient();

const HomePage = lazy(() => import("./routes/HomePage"));
const ConversationsPage = lazy(() => import("@/features/conversations").then((m) => m.loadConversationsPage()));
const OrdersPage = lazy(() => import("@/features/orders").then((m) => m.loadOrdersPage()));
const AssistantTryPage = lazy(() => import("@/features/assistant").then((m) => m.loadAssistantTryPage()));
const EmailsPage = lazy(() => import("@/features/emails").then((m) => ({ default: m.EmailsPage })));
const CampaignsPage = lazy(() => import("@/features/campaigns").then((m) => m.loadCampaignsPage()));
const LogisticsPage = lazy(() => import("@/features/logistics").then((m) => ({ default: m.LogisticsPage })));
const AnalyticsPage = lazy(() => import("@/features/analytics").then((m) => ({ default: m.AnalyticsPage })));
const CatalogPage = lazy(() => import("@/features/catalog").then((m) => m.loadCatalogPage()));
const ShopPage = lazy(() => import("@/features/shop").then((m) => m.loadShopPage()));
const ProfilePage = lazy(() => import("@/features/profile").then((m) => ({ default: m.ProfilePage })));
const PlansPage = lazy(() => import("@/features/plans").then((m) => m.loadPlansPage()));
const NotFoundPage = lazy(() => import("@/features/misc/NotFoundPage"));

/** "/dashboard/orders" → "orders": the routes below are relative to /dashboard/*. */
const under = (path: string) => path.slice(paths.dashboard.root.length + 1);

export default function DashboardApp() {
  // The session (app shell) tells the cache what it learns: a fresh profile, or the session's end.
  useEffect(
    () =>
      onSessionSync({
        profile: (me) => queryClient.setQueryData(meQueryKey, me),
        cleared: () => queryClient.clear(),
      }),
    [],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route element={<ProtectedRoute />}>
          <Route element={<DashboardLayout />}>
            <Route index element={<HomePage />} />
            <Route path={under(paths.dashboard.conversations)} element={<ConversationsPage />} />
            <Route path={under(paths.dashboard.orders)} element={<OrdersPage />} />
            <Route path={under(paths.dashboard.assistant)} element={<AssistantTryPage />} />
            <Route path={under(paths.dashboard.emails)} element={<EmailsPage />} />
            <Route path={under(paths.dashboard.campaigns)} element={<CampaignsPage />} />
            <Route path={under(paths.dashboard.logistics)} element={<LogisticsPage />} />
            {/* The server's plan catalogue grants the analytics permission (plans pro and entreprise today). */}
            <Route
              path={under(paths.dashboard.analytics)}
              element={
                <ProtectedRoute permission="can_access_analytics">
                  <AnalyticsPage />
                </ProtectedRoute>
              }
            />
            <Route path={under(paths.dashboard.catalog)} element={<CatalogPage />} />
            <Route path={under(paths.dashboard.shop)} element={<ShopPage />} />
            <Route path={under(paths.dashboard.profile)} element={<ProfilePage />} />
            <Route path={under(paths.dashboard.plans)} element={<PlansPage />} />
          </Route>
        </Route>
        {/* Unknown /dashboard/... paths: the not-found page, as for any other unknown path. */}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </QueryClientProvider>
  );
}
