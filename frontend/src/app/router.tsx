import { createBrowserRouter, type RouteObject } from "react-router-dom";

import { paths } from "@/config/paths";
import { titleFor } from "@/config/titles";
import { dashboardRoutes } from "@/features/dashboard/routes";

/**
 * Each screen is its own chunk: a visitor on "/" downloads only the landing page, one on
 * /auth/login only the login screen and the form libraries.
 */
const screens: RouteObject[] = [
  {
    path: paths.home,
    lazy: async () => ({ Component: (await import("@/features/landing/LandingPage")).default }),
  },
  {
    // Visitor-only pages: signed-in people go to the dashboard.
    lazy: async () => ({ Component: (await import("@/features/auth/components/GuestRoute")).GuestRoute }),
    children: [
      {
        path: paths.auth.root,
        lazy: async () => ({ Component: (await import("@/features/auth/routes/AuthEntryPage")).default }),
      },
      {
        path: paths.auth.login,
        lazy: async () => ({ Component: (await import("@/features/auth/routes/LoginPage")).default }),
      },
      {
        path: paths.auth.register,
        lazy: async () => ({ Component: (await import("@/features/auth/routes/RegisterPage")).default }),
      },
      {
        path: paths.auth.forgotPassword,
        lazy: async () => ({ Component: (await import("@/features/auth/routes/ForgotPasswordPage")).default }),
      },
    ],
  },
  {
    // Outside the visitor guard (SPEC.md section 2).
    path: paths.auth.quickRegister,
    lazy: async () => ({ Component: (await import("@/features/auth/routes/QuickRegisterPage")).default }),
  },
  {
    path: paths.auth.otp,
    lazy: async () => ({ Component: (await import("@/features/auth/routes/OtpPage")).default }),
  },
  {
    path: paths.dashboard.root,
    lazy: async () => ({ Component: (await import("@/features/auth/components/ProtectedRoute")).ProtectedRoute }),
    // The layout and the six pages, each a lazy chunk (features/dashboard/routes.tsx).
    children: dashboardRoutes,
  },
  {
    // Unknown paths, /dashboard/... ones included, render the not-found page (Django answers 404).
    path: "*",
    lazy: async () => ({ Component: (await import("@/features/misc/NotFoundPage")).default }),
  },
];

/** Nothing while the first screen's chunk loads (the server's page stays up meanwhile); declaring it
 * stops React Router's « No HydrateFallback element » warning on every first load. */
function HydrateFallback() {
  return null;
}

export const routes: RouteObject[] = [{ HydrateFallback, children: screens }];

export function createRouter() {
  const router = createBrowserRouter(routes);
  document.title = titleFor(router.state.location.pathname);
  router.subscribe((state) => {
    document.title = titleFor(state.location.pathname);
  });
  return router;
}
