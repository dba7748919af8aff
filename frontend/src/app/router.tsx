/**
 * The app's routes in React Router's declarative mode (BrowserRouter + Routes): lighter than the
 * data router, whose loaders and actions the app does not use. Each screen is its own chunk: a
 * visitor on /auth/login downloads the login screen and the form libraries, nothing of the
 * dashboard; the dashboard's chunk brings React Query and mounts its own routes under /dashboard/*.
 */
import { lazy, Suspense, useCallback, useEffect, useRef } from "react";
import { Route, Routes, useLocation, useNavigate } from "react-router-dom";

import { paths } from "@/config/paths";
import { titleFor } from "@/config/titles";

import { AppProviders } from "./providers";

const LandingPage = lazy(() => import("@/features/landing/LandingPage"));
const GuestRoute = lazy(() => import("@/features/auth/components/GuestRoute").then((m) => ({ default: m.GuestRoute })));
const AuthEntryPage = lazy(() => import("@/features/auth/routes/AuthEntryPage"));
const LoginPage = lazy(() => import("@/features/auth/routes/LoginPage"));
const RegisterPage = lazy(() => import("@/features/auth/routes/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("@/features/auth/routes/ForgotPasswordPage"));
const QuickRegisterPage = lazy(() => import("@/features/auth/routes/QuickRegisterPage"));
const OtpPage = lazy(() => import("@/features/auth/routes/OtpPage"));
const DashboardApp = lazy(() => import("@/features/dashboard/DashboardApp"));
const NotFoundPage = lazy(() => import("@/features/misc/NotFoundPage"));

/** The screens; rendered inside BrowserRouter (App.tsx). */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  // AuthProvider and the API client navigate from outside the route tree: one stable function.
  const latest = useRef(navigate);
  latest.current = navigate;
  const stableNavigate = useCallback((to: string) => latest.current(to), []);

  useEffect(() => {
    document.title = titleFor(location.pathname);
  }, [location.pathname]);

  return (
    <AppProviders navigate={stableNavigate}>
      {/* Nothing while the first screen's chunk loads: the server's page stays up meanwhile. */}
      <Suspense fallback={null}>
        <Routes>
          <Route path={paths.home} element={<LandingPage />} />
          {/* Visitor-only pages: signed-in people go to the dashboard. */}
          <Route element={<GuestRoute />}>
            <Route path={paths.auth.root} element={<AuthEntryPage />} />
            <Route path={paths.auth.login} element={<LoginPage />} />
            <Route path={paths.auth.register} element={<RegisterPage />} />
            <Route path={paths.auth.forgotPassword} element={<ForgotPasswordPage />} />
          </Route>
          {/* Outside the visitor guard (SPEC.md section 2). */}
          <Route path={paths.auth.quickRegister} element={<QuickRegisterPage />} />
          <Route path={paths.auth.otp} element={<OtpPage />} />
          <Route path={`${paths.dashboard.root}/*`} element={<DashboardApp />} />
          {/* Unknown paths render the not-found page (Django answers 404). */}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </AppProviders>
  );
}
