import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { describe, expect, it, vi } from "vitest";

import { storageKeys } from "@/lib/storage";

import { createApiClient } from "./client";

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data?: unknown } | Promise<{ status: number; data?: unknown }>;

/** A fake network: answers each request from `handler`, records what was sent. */
function fakeAdapter(handler: Handler) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const { status, data } = await handler(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      throw new AxiosError(`Request failed with status code ${status}`, "ERR_BAD_RESPONSE", config, null, response);
    }
    return response;
  };
  return { adapter, calls };
}

const bearer = (config: InternalAxiosRequestConfig) => AxiosHeaders.from(config.headers).get("Authorization");
const bodyOf = (config: InternalAxiosRequestConfig) => JSON.parse(String(config.data ?? "{}"));

function signIn(access = "old-access", refresh = "old-refresh") {
  localStorage.setItem(storageKeys.accessToken, access);
  localStorage.setItem(storageKeys.refreshToken, refresh);
  localStorage.setItem(storageKeys.user, JSON.stringify({ prenom: "Awa" }));
}

/** /auth/me accepts only "new-access"; /auth/refresh rotates "old-refresh" once. */
function serverWithRotation() {
  let refreshes = 0;
  return fakeAdapter(async (config) => {
    if (config.url === "/auth/refresh") {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (bodyOf(config).refresh_token !== "old-refresh" || refreshes > 1) {
        return { status: 401, data: { message: "Jeton invalide", error: "token_not_valid", statusCode: 401 } };
      }
      return { status: 200, data: { access_token: "new-access", refresh_token: "new-refresh" } };
    }
    if (bearer(config) === "Bearer new-access") return { status: 200, data: { ok: config.url } };
    return { status: 401, data: { message: "Session expirée", error: "token_not_valid", statusCode: 401 } };
  });
}

describe("the API client", () => {
  it("sends JSON to /api/v1 with a 10 second timeout and the stored Bearer token", async () => {
    signIn("new-access");
    const { adapter, calls } = serverWithRotation();
    const client = createApiClient({ adapter });

    await client.post("/auth/me", { a: 1 });

    expect(calls[0].baseURL).toBe("/api/v1");
    expect(calls[0].timeout).toBe(10_000);
    expect(bearer(calls[0])).toBe("Bearer new-access");
    expect(AxiosHeaders.from(calls[0].headers).get("Content-Type")).toMatch(/application\/json/);
  });

  it("refreshes once on a 401, stores the rotated tokens and replays the request", async () => {
    signIn();
    const { adapter, calls } = serverWithRotation();
    const client = createApiClient({ adapter, onSessionExpired: vi.fn() });

    const response = await client.get("/auth/me");

    expect(response.data).toEqual({ ok: "/auth/me" });
    expect(calls.map((c) => c.url)).toEqual(["/auth/me", "/auth/refresh", "/auth/me"]);
    expect(bodyOf(calls[1])).toEqual({ refresh_token: "old-refresh" });
    expect(bearer(calls[1])).toBeFalsy();
    expect(bearer(calls[2])).toBe("Bearer new-access");
    expect(localStorage.getItem(storageKeys.accessToken)).toBe("new-access");
    expect(localStorage.getItem(storageKeys.refreshToken)).toBe("new-refresh");
  });

  it("makes concurrent 401s share a single refresh call", async () => {
    signIn();
    const { adapter, calls } = serverWithRotation();
    const onSessionExpired = vi.fn();
    const client = createApiClient({ adapter, onSessionExpired });

    const results = await Promise.all([client.get("/a"), client.get("/b"), client.get("/c")]);

    expect(results.map((r) => r.data.ok)).toEqual(["/a", "/b", "/c"]);
    expect(calls.filter((c) => c.url === "/auth/refresh")).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("replays a request only once when the new token is refused too", async () => {
    signIn();
    const { adapter, calls } = fakeAdapter((config) =>
      config.url === "/auth/refresh"
        ? { status: 200, data: { access_token: "new-access", refresh_token: "new-refresh" } }
        : { status: 401, data: { message: "Non autorisé", error: "not_authenticated", statusCode: 401 } },
    );
    const client = createApiClient({ adapter, onSessionExpired: vi.fn() });

    await expect(client.get("/auth/me")).rejects.toMatchObject({ message: "Non autorisé", statusCode: 401 });
    expect(calls.map((c) => c.url)).toEqual(["/auth/me", "/auth/refresh", "/auth/me"]);
  });

  it("clears the storage and ends the session when the refresh fails", async () => {
    signIn("old-access", "blacklisted");
    const { adapter } = serverWithRotation();
    const onSessionExpired = vi.fn();
    const client = createApiClient({ adapter, onSessionExpired });

    await expect(client.get("/auth/me")).rejects.toMatchObject({ statusCode: 401, sessionExpired: true });

    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
  });

  it("ends the session without calling the server when there is no refresh token", async () => {
    localStorage.setItem(storageKeys.accessToken, "old-access");
    const { adapter, calls } = serverWithRotation();
    const onSessionExpired = vi.fn();
    const client = createApiClient({ adapter, onSessionExpired });

    await expect(client.get("/auth/me")).rejects.toMatchObject({ sessionExpired: true });
    expect(calls.map((c) => c.url)).toEqual(["/auth/me"]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("never refreshes for a public endpoint and sends it no Bearer token", async () => {
    signIn();
    const { adapter, calls } = fakeAdapter(() => ({
      status: 401,
      data: { message: "Email ou mot de passe incorrect", error: "invalid_credentials", statusCode: 401 },
    }));
    const onSessionExpired = vi.fn();
    const client = createApiClient({ adapter, onSessionExpired });

    await expect(client.post("/auth/login", {}, { anonymous: true })).rejects.toEqual({
      message: "Email ou mot de passe incorrect",
      statusCode: 401,
      error: "invalid_credentials",
    });
    expect(calls).toHaveLength(1);
    expect(bearer(calls[0])).toBeFalsy();
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.refreshToken)).toBe("old-refresh");
  });

  it("normalises server errors with their field errors", async () => {
    const { adapter } = fakeAdapter(() => ({
      status: 400,
      data: {
        message: "Le nom doit contenir au moins 2 caractères",
        error: "validation_error",
        statusCode: 400,
        errors: { nom: ["Le nom doit contenir au moins 2 caractères"] },
      },
    }));
    const client = createApiClient({ adapter });

    await expect(client.post("/auth/registers", {}, { anonymous: true })).rejects.toEqual({
      message: "Le nom doit contenir au moins 2 caractères",
      statusCode: 400,
      error: "validation_error",
      errors: { nom: ["Le nom doit contenir au moins 2 caractères"] },
    });
  });
});
