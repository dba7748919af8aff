/**
 * The auth feature's public parts. The app shell imports the screens themselves (lazy routes) and
 * the provider; other features import from here only.
 */
export { meQueryKey, meQueryOptions, useMe, type PermissionName } from "./api/get-me";
export { updateMe, useUpdateMe } from "./api/update-me";
export { ProtectedRoute } from "./components/ProtectedRoute";
export { SUPPORT_EMAIL, SUPPORT_HREF } from "./constants";
export { AuthProvider, fullName, useAuth } from "./state/auth-context";
export { onSessionSync } from "./state/session-sync";
