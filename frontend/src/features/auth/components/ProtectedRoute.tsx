import { useQuery } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";

import { FullPageSpinner } from "@/components/Spinner";
import { paths } from "@/config/paths";

import { meQueryOptions, type PermissionName } from "../api/get-me";
import { SESSION_CHECK_MESSAGE } from "../constants";
import { useAuth } from "../state/auth-context";
import { UnauthorizedScreen } from "./UnauthorizedScreen";

interface ProtectedRouteProps {
  /**
   * A flag of /auth/me's `permissions` the page needs. The server's plan catalogue sets the flags,
   * so the guard knows no plan: a page open to some plans asks for the flag those plans carry.
   */
  permission?: PermissionName;
  children?: ReactNode;
}

/**
 * The authentication guard of the dashboard (SPEC.md section 2): it re-fetches the profile on
 * mount, sends visitors to the login screen with the page they wanted, and shows 'Accès non
 * autorisé' to a signed-in person the page is not for.
 */
export function ProtectedRoute({ permission, children }: ProtectedRouteProps) {
  const { isAuthenticated, isLoading, leaveTo, updateUser } = useAuth();
  const location = useLocation();
  const me = useQuery({ ...meQueryOptions(), enabled: isAuthenticated, refetchOnMount: "always" });

  useEffect(() => {
    if (me.data) updateUser(me.data.user);
  }, [me.data, updateUser]);

  if (isLoading) return <FullPageSpinner message={SESSION_CHECK_MESSAGE} />;
  if (!isAuthenticated) {
    if (leaveTo) return <Navigate to={leaveTo} replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login} replace state={{ from }} />;
  }
  if (!me.data) return <FullPageSpinner message={SESSION_CHECK_MESSAGE} />;

  if (permission && !me.data.permissions[permission]) return <UnauthorizedScreen />;

  return <>{children ?? <Outlet />}</>;
}
