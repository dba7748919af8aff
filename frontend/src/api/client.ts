/**
 * The one HTTP client of the app (DESIGN.md, STYLE.md "One API client"). Nothing else calls axios.
 *
 * - base /api/v1, 10 s timeout, JSON, `Authorization: Bearer <flux_access_token>`;
 * - on a 401 for an authenticated request: one silent refresh per request, the rotated refresh
 *   token stored, the request replayed; concurrent 401s wait for the same refresh call, because
 *   rotation blacklists the old refresh token and a second refresh with it would fail;
 * - no refresh token, or the refresh fails: storage cleared, the browser goes to /auth;
 * - every rejection is normalised to `{message, statusCode, error}` (lib/errors.ts).
 */
import axios, { AxiosHeaders, type AxiosAdapter, type AxiosError, type AxiosInstance } from "axios";

import { normalizeError, type ApiError } from "@/lib/errors";
import { emitSessionExpired } from "@/lib/session-events";
import { clearAuthStorage, getAccessToken, getRefreshToken, setAccessToken, setRefreshToken } from "@/lib/storage";

import type { RefreshResponse } from "./types";

declare module "axios" {
  interface AxiosRequestConfig {
    /**
     * Public endpoints (login, register, refresh...): no Bearer header (a stale token would make
     * the server answer 401 even there) and never a refresh-and-replay.
     */
    anonymous?: boolean;
    /** An authenticated call whose 401 must not end the session (the fire-and-forget logout). */
    skipAuthRefresh?: boolean;
  }
  interface InternalAxiosRequestConfig {
    _replayed?: boolean;
  }
}

export const API_BASE_URL = "/api/v1";
export const REQUEST_TIMEOUT_MS = 10_000;
export const SESSION_EXPIRED_REDIRECT = "/auth";

export interface ApiClientOptions {
  /** Replaces the network layer (unit tests use a fake adapter). */
  adapter?: AxiosAdapter;
  /** Called after the storage is cleared when a session cannot be refreshed. */
  onSessionExpired?: () => void;
}

function redirectToAuth(): void {
  emitSessionExpired();
  window.location.assign(SESSION_EXPIRED_REDIRECT);
}

export function createApiClient({ adapter, onSessionExpired = redirectToAuth }: ApiClientOptions = {}): AxiosInstance {
  const client = axios.create({
    baseURL: API_BASE_URL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: "application/json" },
    ...(adapter ? { adapter } : {}),
  });

  let pendingRefresh: Promise<string> | null = null;

  /** Exchange the refresh token once, however many requests are waiting for it. */
  function refreshAccessToken(): Promise<string> {
    if (!pendingRefresh) {
      pendingRefresh = (async () => {
        const refreshToken = getRefreshToken();
        if (!refreshToken) throw new Error("No refresh token");
        const { data } = await client.post<RefreshResponse>(
          "/auth/refresh",
          { refresh_token: refreshToken },
          { anonymous: true },
        );
        if (!data?.access_token) throw new Error("Refresh answered without an access token");
        setAccessToken(data.access_token);
        if (data.refresh_token) setRefreshToken(data.refresh_token);
        return data.access_token;
      })().finally(() => {
        pendingRefresh = null;
      });
    }
    return pendingRefresh;
  }

  client.interceptors.request.use((config) => {
    const headers = AxiosHeaders.from(config.headers);
    const token = getAccessToken();
    if (config.anonymous) headers.delete("Authorization");
    else if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);
    config.headers = headers;
    return config;
  });

  client.interceptors.response.use(
    (response) => response,
    async (error: AxiosError) => {
      const config = error.config;
      const sentAuthorization = config ? AxiosHeaders.from(config.headers).get("Authorization") : undefined;
      const shouldRefresh =
        error.response?.status === 401 && !!config && !config.anonymous && !config.skipAuthRefresh && !config._replayed && !!sentAuthorization;
      if (!shouldRefresh || !config) throw normalizeError(error);

      config._replayed = true;
      let token: string;
      const current = getAccessToken();
      if (current && sentAuthorization !== `Bearer ${current}`) {
        // Another request refreshed the token while this one was in flight: just replay.
        token = current;
      } else {
        try {
          token = await refreshAccessToken();
        } catch {
          clearAuthStorage();
          onSessionExpired();
          const expired: ApiError = { ...normalizeError(error), sessionExpired: true };
          throw expired;
        }
      }
      const headers = AxiosHeaders.from(config.headers);
      headers.set("Authorization", `Bearer ${token}`);
      config.headers = headers;
      return client.request(config);
    },
  );

  return client;
}

export const apiClient = createApiClient();
