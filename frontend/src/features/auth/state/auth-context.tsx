/**
 * The session as React sees it (SPEC.md section 4): the reducer's state, the startup rule, login,
 * logout and the profile refresh. Storage is written here and by the API client only.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from "react";

import type { LoginPayload, LoginResponse, MeResponse, User } from "@/api/types";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { normalizeError, type ApiError } from "@/lib/errors";
import {
  clearAuthStorage,
  getAccessToken,
  getRefreshToken,
  getStoredUser,
  setStoredUser,
  storeSession,
} from "@/lib/storage";

import { getMe } from "../api/me";
import { authReducer, initialAuthState, type AuthState } from "./auth-reducer";
import { emitProfile, emitSessionCleared } from "./session-sync";

export interface AuthContextValue extends AuthState {
  /**
   * Where a protected page goes when the session ends on purpose (logout, failed startup check):
   * home, not the login screen. Null while nobody has left.
   */
  leaveTo: string | null;
  login: (credentials: LoginPayload) => Promise<LoginResponse>;
  /**
   * End the session and go to `to` (home by default). « Se reconnecter » goes to the login screen
   * this way: the visitor-only login page would send a signed-in person back otherwise.
   */
  logout: (options?: { to?: string }) => Promise<void>;
  refreshProfile: () => Promise<MeResponse>;
  updateUser: (user: User) => void;
  clearError: () => void;
}

/** The login call and the HTTP client under it (axios and its interceptors) load on first use. */
export const loadLoginApi = () => import("../api/login");
const loadLogoutApi = () => import("../api/logout");

const AuthContext = createContext<AuthContextValue | null>(null);

export const fullName = (user: Pick<User, "prenom" | "nom"> | null | undefined) =>
  user ? `${user.prenom ?? ""} ${user.nom ?? ""}`.trim() : "";

interface AuthProviderProps {
  children: ReactNode;
  /** The router's navigate (the provider sits outside the route tree). */
  navigate: (to: string) => Promise<void> | void;
}

export function AuthProvider({ children, navigate }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const started = useRef(false);

  const updateUser = useCallback((user: User) => {
    setStoredUser(user);
    dispatch({ type: "UPDATE_USER", user });
  }, []);

  const refreshProfile = useCallback(async () => {
    const me = await getMe();
    updateUser(me.user);
    emitProfile(me);
    return me;
  }, [updateUser]);

  // Startup: a token and a stored user mean a session to confirm with the server.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = getAccessToken();
    if (!token || !getStoredUser()) {
      dispatch({ type: "LOGOUT" });
      return;
    }
    getMe()
      .then((me) => {
        setStoredUser(me.user);
        emitProfile(me);
        dispatch({
          type: "AUTH_SUCCESS",
          user: me.user,
          token: getAccessToken() ?? token,
          refreshToken: getRefreshToken() ?? "",
        });
      })
      .catch(async (error: ApiError) => {
        clearAuthStorage();
        emitSessionCleared();
        // When the refresh failed the API client already sends the browser to /auth.
        if (error?.sessionExpired) return;
        setLeaveTo(paths.home);
        dispatch({ type: "LOGOUT" });
        await navigate(paths.home);
      });
  }, [navigate]);

  const login = useCallback(
    async (credentials: LoginPayload) => {
      setLeaveTo(null);
      dispatch({ type: "AUTH_START" });
      let response: LoginResponse;
      try {
        response = await (await loadLoginApi()).login(credentials);
      } catch (error) {
        const normalized = normalizeError(error);
        dispatch({ type: "AUTH_ERROR", error: normalized.message });
        throw normalized;
      }
      storeSession({ user: response.user, accessToken: response.access_token, refreshToken: response.refresh_token });
      dispatch({ type: "AUTH_SUCCESS", user: response.user, token: response.access_token, refreshToken: response.refresh_token });
      const name = fullName(response.user);
      toast.success("Connexion réussie !", name ? `Bienvenue ${name} !` : "Bienvenue !");
      try {
        await refreshProfile();
      } catch (error) {
        // The login stands; the dashboard guard fetches the profile again on mount.
        console.warn("Profile fetch after login failed:", normalizeError(error).message);
      }
      return response;
    },
    [refreshProfile],
  );

  const logout = useCallback(async (options?: { to?: string }) => {
    const to = options?.to ?? paths.home;
    const refreshToken = getRefreshToken();
    // Fire and forget: the session ends here whatever the server answers.
    loadLogoutApi()
      .then((api) => api.logout(refreshToken))
      .catch(() => undefined);
    clearAuthStorage();
    if (to === paths.home) toast.success("Déconnexion réussie", "À bientôt !");
    // A protected page on screen sees the logout before the router moves: leaveTo sends it where
    // the logout goes (home unless asked otherwise), not to the login screen with a `from`.
    setLeaveTo(to);
    dispatch({ type: "LOGOUT" });
    emitSessionCleared();
    await navigate(to);
  }, [navigate]);

  const clearError = useCallback(() => dispatch({ type: "CLEAR_ERROR" }), []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, leaveTo, login, logout, refreshProfile, updateUser, clearError }),
    [state, leaveTo, login, logout, refreshProfile, updateUser, clearError],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
