import { describe, expect, it } from "vitest";

import type { User } from "@/api/types";

import { authReducer, initialAuthState, type AuthState } from "./auth-reducer";

const awa = { id: 1, prenom: "Awa", nom: "Kouassi", adresse_email: "awa@example.ci" } as User;

const signedIn: AuthState = {
  user: awa,
  token: "access",
  refreshToken: "refresh",
  isAuthenticated: true,
  isLoading: false,
  error: null,
};

describe("authReducer", () => {
  it("starts loading and logged out", () => {
    expect(initialAuthState).toEqual({
      user: null,
      token: null,
      refreshToken: null,
      isAuthenticated: false,
      isLoading: true,
      error: null,
    });
  });

  it("start sets loading and clears the error", () => {
    const state = authReducer({ ...initialAuthState, isLoading: false, error: "Oups" }, { type: "AUTH_START" });
    expect(state).toMatchObject({ isLoading: true, error: null });
  });

  it("success sets the user and both tokens and authenticates", () => {
    const state = authReducer(initialAuthState, { type: "AUTH_SUCCESS", user: awa, token: "access", refreshToken: "refresh" });
    expect(state).toEqual(signedIn);
  });

  it("error clears everything and keeps the message", () => {
    expect(authReducer(signedIn, { type: "AUTH_ERROR", error: "Email ou mot de passe incorrect" })).toEqual({
      user: null,
      token: null,
      refreshToken: null,
      isAuthenticated: false,
      isLoading: false,
      error: "Email ou mot de passe incorrect",
    });
  });

  it("logout clears everything", () => {
    expect(authReducer({ ...signedIn, error: "x" }, { type: "LOGOUT" })).toEqual({
      user: null,
      token: null,
      refreshToken: null,
      isAuthenticated: false,
      isLoading: false,
      error: null,
    });
  });

  it("update user replaces the user only", () => {
    const renamed = { ...awa, prenom: "Aminata" };
    expect(authReducer(signedIn, { type: "UPDATE_USER", user: renamed })).toEqual({ ...signedIn, user: renamed });
  });

  it("clear error removes the error only", () => {
    expect(authReducer({ ...signedIn, error: "x" }, { type: "CLEAR_ERROR" })).toEqual(signedIn);
  });
});
