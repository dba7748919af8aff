/** The client auth state and its transitions (SPEC.md sections 3 and 4). */
import type { User } from "@/api/types";

export interface AuthState {
  user: User | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

export type AuthAction =
  | { type: "AUTH_START" }
  | { type: "AUTH_SUCCESS"; user: User; token: string; refreshToken: string }
  | { type: "AUTH_ERROR"; error: string }
  | { type: "LOGOUT" }
  | { type: "UPDATE_USER"; user: User }
  | { type: "CLEAR_ERROR" };

export const initialAuthState: AuthState = {
  user: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: true,
  error: null,
};

const signedOut: Omit<AuthState, "error"> = {
  user: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: false,
};

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case "AUTH_START":
      return { ...state, isLoading: true, error: null };
    case "AUTH_SUCCESS":
      return {
        user: action.user,
        token: action.token,
        refreshToken: action.refreshToken,
        isAuthenticated: true,
        isLoading: false,
        error: null,
      };
    case "AUTH_ERROR":
      return { ...signedOut, error: action.error };
    case "LOGOUT":
      return { ...signedOut, error: null };
    case "UPDATE_USER":
      return { ...state, user: action.user };
    case "CLEAR_ERROR":
      return { ...state, error: null };
    default:
      return state;
  }
}
