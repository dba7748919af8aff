import { AxiosError, type InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";

import {
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
  getErrorMessage,
  normalizeError,
} from "./errors";

const config = { headers: {} } as InternalAxiosRequestConfig;

function httpError(status: number, data: unknown) {
  return new AxiosError("Request failed", "ERR_BAD_RESPONSE", config, null, {
    status,
    data,
    statusText: "",
    headers: {},
    config,
  });
}

describe("normalizeError", () => {
  it("keeps the server's message, status and error code", () => {
    expect(normalizeError(httpError(409, { message: "Cet email est déjà utilisé", error: "email_taken", statusCode: 409 }))).toEqual({
      message: "Cet email est déjà utilisé",
      statusCode: 409,
      error: "email_taken",
    });
  });

  it("falls back to 'Une erreur est survenue' when the server says nothing", () => {
    expect(normalizeError(httpError(502, "<html>Bad gateway</html>"))).toEqual({
      message: DEFAULT_ERROR_MESSAGE,
      statusCode: 502,
      error: undefined,
    });
    expect(DEFAULT_ERROR_MESSAGE).toBe("Une erreur est survenue");
  });

  it("uses a network message and status 500 when no response arrived", () => {
    const offline = new AxiosError("Network Error", "ERR_NETWORK", config);
    expect(normalizeError(offline)).toMatchObject({ message: NETWORK_ERROR_MESSAGE, statusCode: 500 });
    const slow = new AxiosError("timeout of 10000ms exceeded", "ECONNABORTED", config);
    expect(normalizeError(slow)).toMatchObject({ message: TIMEOUT_ERROR_MESSAGE, statusCode: 500 });
  });

  it("turns anything else into the default message with status 500", () => {
    expect(normalizeError(new TypeError("boom"))).toEqual({ message: DEFAULT_ERROR_MESSAGE, statusCode: 500 });
  });
});

describe("getErrorMessage", () => {
  it("falls back to 'Une erreur inattendue est survenue'", () => {
    expect(getErrorMessage(undefined)).toBe("Une erreur inattendue est survenue");
    expect(getErrorMessage({ message: "", statusCode: 400 })).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(getErrorMessage({ message: "Code invalide", statusCode: 400 })).toBe("Code invalide");
  });
});
