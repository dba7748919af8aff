import { useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";

import { FullPageSpinner } from "@/components/Spinner";
import { paths } from "@/config/paths";

import { SESSION_CHECK_MESSAGE } from "../constants";
import { useAuth } from "../state/auth-context";
import { fromOf } from "../navigation";

/**
 * Visitor-only pages: someone already signed in goes to the dashboard (or to the page the login
 * screen was asked to return to). The verdict is taken when a page is entered, so a login that
 * succeeds on the page itself finishes its own flow (toast, 100 ms, `from`).
 */
export function GuestRoute() {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  const verdict = useRef<{ key: string; authenticated: boolean } | null>(null);

  if (!isLoading && verdict.current?.key !== location.key) {
    verdict.current = { key: location.key, authenticated: isAuthenticated };
  }
  if (!verdict.current) return <FullPageSpinner message={SESSION_CHECK_MESSAGE} />;
  if (verdict.current.authenticated) return <Navigate to={fromOf(location.state) ?? paths.dashboard.root} replace />;
  return <Outlet />;
}
