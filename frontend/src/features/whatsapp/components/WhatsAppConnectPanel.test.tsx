import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { apiClient } from "@/api/client";

import { FACEBOOK_SDK_SCRIPT_ID } from "../config";
import { resetFacebookSdkForTests } from "../hooks/use-facebook-sdk";
import { whatsappMessages as msg } from "../messages";
import type { FacebookLoginOptions, FacebookLoginResponse, FacebookSdk, WhatsAppStatus } from "../types";
import { WhatsAppConnectPanel } from "./WhatsAppConnectPanel";

const NOT_CONNECTED: WhatsAppStatus = {
  connected: false, status: "not_connected", connected_at: null, disconnected_at: null, waba_id: null, phone_number_id: null,
  display_phone_number: null, verified_name: null, needs_reconnect: false,
};
const CONNECTED: WhatsAppStatus = {
  connected: true, status: "connected", connected_at: "2026-11-21T14:30:00Z", disconnected_at: null,
  waba_id: "102290129340398", phone_number_id: "106540352242922",
  display_phone_number: "+225 07 48 01 78 23", verified_name: "Boutique Akwaba", needs_reconnect: false,
};

type Reply = { status: number; data?: unknown } | "network-error";

/** The server, faked at the axios adapter: the real client (interceptors included) runs. */
function fakeServer(routes: Record<string, Reply | ((config: InternalAxiosRequestConfig) => Reply)>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    calls.push({ method: config.method ?? "", url: config.url ?? "", body: config.data ? JSON.parse(String(config.data)) : undefined });
    const route = routes[key];
    const reply = typeof route === "function" ? route(config) : route ?? { status: 404, data: { message: "Ressource introuvable.", error: "not_found", statusCode: 404 } };
    if (reply === "network-error") throw new AxiosError("Network Error", "ERR_NETWORK", config);
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: "", headers: {}, config };
    if (reply.status >= 400) throw new AxiosError(`status ${reply.status}`, "ERR_BAD_RESPONSE", config, null, response);
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return calls;
}

type LoginFn = (callback: (response: FacebookLoginResponse) => void, options?: FacebookLoginOptions) => void;

/** A stand-in for window.FB whose calls the tests inspect. */
function fakeFacebook({ init = vi.fn<FacebookSdk["init"]>() } = {}) {
  return { init, login: vi.fn<LoginFn>() };
}

function setPageConfig(config: Record<string, unknown>) {
  document.getElementById("flux-config")?.remove();
  const script = document.createElement("script");
  script.id = "flux-config";
  script.type = "application/json";
  script.textContent = JSON.stringify(config);
  document.body.appendChild(script);
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <WhatsAppConnectPanel />
    </QueryClientProvider>,
  );
}

/** Let timers and promises run (the API calls, React Query's notifications, the 500 ms waits). */
async function wait(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const sdkScript = () => document.getElementById(FACEBOOK_SDK_SCRIPT_ID) as HTMLScriptElement | null;
const connectButton = () => screen.getByRole("button", { name: "Connecter" });

/** The SDK script "downloads": window.FB appears and the load event fires. */
async function sdkLoads(fb: FacebookSdk) {
  window.FB = fb;
  act(() => {
    sdkScript()?.dispatchEvent(new Event("load"));
  });
  await wait();
}

beforeEach(() => {
  vi.useFakeTimers();
  resetFacebookSdkForTests();
  setPageConfig({ facebook_app_id: "1234567890", facebook_config_id: "" });
  window.__FLUX_TEST_SECURE_PAGE__ = true;
});

afterEach(() => {
  vi.useRealTimers();
  resetFacebookSdkForTests();
  delete window.__FLUX_TEST_SECURE_PAGE__;
  document.getElementById("flux-config")?.remove();
});

describe("WhatsAppConnectPanel", () => {
  it("asks for HTTPS and keeps Connecter disabled on an http page, without loading the SDK", async () => {
    delete window.__FLUX_TEST_SECURE_PAGE__;
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });

    renderPanel();
    await wait();

    expect(screen.getByText(msg.httpsRequired)).toBeInTheDocument();
    expect(connectButton()).toBeDisabled();
    expect(sdkScript()).toBeNull();
  });

  it("treats the page as secure when the page's config says so for tests", async () => {
    delete window.__FLUX_TEST_SECURE_PAGE__;
    setPageConfig({ facebook_app_id: "1234567890", test_secure_page: true });
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });

    renderPanel();
    await wait();

    expect(screen.queryByText(msg.httpsRequired)).not.toBeInTheDocument();
    expect(sdkScript()).not.toBeNull();
  });

  it("loads the French SDK only once the panel is open and initialises it with the page's app id", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    expect(sdkScript()).toBeNull();

    renderPanel();
    await wait();

    expect(sdkScript()?.src).toBe("https://connect.facebook.net/fr_FR/sdk.js");
    expect(screen.getByText(msg.sdkInitialising)).toBeInTheDocument();
    expect(connectButton()).toBeDisabled();

    const fb = fakeFacebook();
    await sdkLoads(fb);

    expect(fb.init).toHaveBeenCalledExactlyOnceWith({
      appId: "1234567890", version: "v19.0", cookie: true, status: true, xfbml: true,
    });
    expect(connectButton()).toBeEnabled();
    expect(screen.queryByText(msg.sdkInitialising)).not.toBeInTheDocument();
  });

  it("notices the SDK by polling every 500 ms even without a load event", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    renderPanel();
    await wait();

    const fb = fakeFacebook();
    window.FB = fb;
    await wait(499);
    expect(fb.init).not.toHaveBeenCalled();
    await wait(1);

    expect(fb.init).toHaveBeenCalledOnce();
    expect(connectButton()).toBeEnabled();
  });

  it("says the SDK is not loaded when its script fails", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    renderPanel();
    await wait();

    act(() => {
      sdkScript()?.dispatchEvent(new Event("error"));
    });
    await wait();

    expect(screen.getByText(msg.sdkMissing)).toBeInTheDocument();
    expect(connectButton()).toBeDisabled();
  });

  it("says the SDK is not loaded when the script ran but defined no FB", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    renderPanel();
    await wait();

    act(() => {
      sdkScript()?.dispatchEvent(new Event("load"));
    });
    await wait();

    expect(screen.getByText(msg.sdkMissing)).toBeInTheDocument();
  });

  it("reports an initialisation error when FB.init throws", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    renderPanel();
    await wait();

    const init = vi.fn<FacebookSdk["init"]>(() => {
      throw new Error("bad app id");
    });
    await sdkLoads(fakeFacebook({ init }));

    expect(screen.getByText(msg.initError)).toBeInTheDocument();
    expect(connectButton()).toBeDisabled();
  });

  it("reports an initialisation error without an app id, and does not download the SDK", async () => {
    setPageConfig({ facebook_app_id: "" });
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    renderPanel();
    await wait();

    expect(screen.getByText(msg.initError)).toBeInTheDocument();
    expect(sdkScript()).toBeNull();
  });

  it("calls FB.login 500 ms after the click with the WhatsApp scopes, then relays the token", async () => {
    const calls = fakeServer({
      "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED },
      "POST /integrations/whatsapp/connect": { status: 200, data: { status: "success", connection: CONNECTED } },
    });
    const fb = fakeFacebook();
    fb.login.mockImplementation((callback) => callback({ status: "connected", authResponse: { accessToken: "EAAGtoken" } }));
    renderPanel();
    await wait();
    await sdkLoads(fb);

    fireEvent.click(connectButton());
    expect(screen.getByText(msg.inProgress)).toBeInTheDocument();
    await wait(499);
    expect(fb.login).not.toHaveBeenCalled();
    await wait(1);

    expect(fb.login).toHaveBeenCalledOnce();
    expect(fb.login.mock.calls[0][1]).toEqual({ scope: "whatsapp_business_management,whatsapp_business_messaging" });
    await wait();
    expect(calls.find((call) => call.method === "post")).toEqual({
      method: "post", url: "/integrations/whatsapp/connect", body: { access_token: "EAAGtoken" },
    });
    expect(screen.getByText(msg.success)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Déconnecter" })).toBeInTheDocument();
    expect(screen.getByText("106540352242922")).toBeInTheDocument();
  });

  it("uses the Embedded Signup options and relays the code with the ids the signup window posted", async () => {
    setPageConfig({ facebook_app_id: "1234567890", facebook_config_id: "998877" });
    const calls = fakeServer({
      "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED },
      "POST /integrations/whatsapp/connect": { status: 200, data: { status: "success", connection: CONNECTED } },
    });
    const fb = fakeFacebook();
    fb.login.mockImplementation((callback) => {
      // A page other than Facebook cannot inject ids.
      window.dispatchEvent(new MessageEvent("message", {
        origin: "https://evil.example",
        data: JSON.stringify({ type: "WA_EMBEDDED_SIGNUP", event: "FINISH", data: { waba_id: "1", phone_number_id: "2" } }),
      }));
      window.dispatchEvent(new MessageEvent("message", {
        origin: "https://www.facebook.com",
        data: JSON.stringify({
          type: "WA_EMBEDDED_SIGNUP", event: "FINISH", data: { waba_id: "102290129340398", phone_number_id: "106540352242922" },
        }),
      }));
      callback({ status: "connected", authResponse: { code: "AQBcode" } });
    });
    renderPanel();
    await wait();
    await sdkLoads(fb);

    fireEvent.click(connectButton());
    await wait(500);
    await wait();

    expect(fb.login.mock.calls[0][1]).toEqual({
      scope: "whatsapp_business_management,whatsapp_business_messaging",
      config_id: "998877",
      response_type: "code",
      override_default_response_type: true,
      extras: { sessionInfoVersion: "3" },
    });
    expect(calls.find((call) => call.method === "post")?.body).toEqual({
      code: "AQBcode", waba_id: "102290129340398", phone_number_id: "106540352242922",
    });
    expect(screen.getByText(msg.success)).toBeInTheDocument();
  });

  it("says the connection was cancelled when Facebook returns no authorisation, and lets the person retry", async () => {
    const calls = fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    const fb = fakeFacebook();
    fb.login.mockImplementation((callback) => callback({ status: "unknown", authResponse: null }));
    renderPanel();
    await wait();
    await sdkLoads(fb);

    fireEvent.click(connectButton());
    await wait(500);

    expect(screen.getByText(msg.cancelled)).toBeInTheDocument();
    expect(connectButton()).toBeEnabled();
    expect(calls.some((call) => call.method === "post")).toBe(false);
  });

  it("reports a login error when FB.login throws", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    const fb = fakeFacebook();
    fb.login.mockImplementation(() => {
      throw new Error("popup blocked");
    });
    renderPanel();
    await wait();
    await sdkLoads(fb);

    fireEvent.click(connectButton());
    await wait(500);

    expect(screen.getByText(msg.loginError)).toBeInTheDocument();
  });

  it("reports a missing FB.login", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    renderPanel();
    await wait();
    await sdkLoads({ init: vi.fn() });

    fireEvent.click(connectButton());
    await wait(500);

    expect(screen.getByText(msg.loginUnavailable)).toBeInTheDocument();
  });

  it("reports an SDK that is gone by the time the delay ends", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    renderPanel();
    await wait();
    await sdkLoads(fakeFacebook());

    fireEvent.click(connectButton());
    delete window.FB;
    await wait(500);

    expect(screen.getByText(msg.sdkNotReady)).toBeInTheDocument();
  });

  it.each([
    ["a non-success answer", { status: 502, data: { message: msg.configurationError, error: "whatsapp_configuration_failed", statusCode: 502 } }],
    ["an unconfigured server", { status: 503, data: { message: msg.configurationError, error: "whatsapp_unavailable", statusCode: 503 } }],
    ["a network failure", "network-error" as const],
  ])("shows the configuration error after %s", async (_name, reply) => {
    fakeServer({
      "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED },
      "POST /integrations/whatsapp/connect": reply as Reply,
    });
    const fb = fakeFacebook();
    fb.login.mockImplementation((callback) => callback({ status: "connected", authResponse: { accessToken: "EAAGtoken" } }));
    renderPanel();
    await wait();
    await sdkLoads(fb);

    fireEvent.click(connectButton());
    await wait(500);
    await wait();

    expect(screen.getByText(msg.configurationError)).toBeInTheDocument();
    expect(connectButton()).toBeEnabled();
  });

  it("shows an already connected account without loading the SDK, and can disconnect it", async () => {
    const calls = fakeServer({
      "GET /integrations/whatsapp/status": { status: 200, data: CONNECTED },
      "POST /integrations/whatsapp/disconnect": { status: 200, data: { ...CONNECTED, connected: false, status: "disconnected" } },
    });
    renderPanel();
    await wait();

    expect(screen.getByText(msg.alreadyConnected)).toBeInTheDocument();
    expect(screen.getByText("21 novembre 2026 à 14:30")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Connecter" })).not.toBeInTheDocument();
    expect(sdkScript()).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Déconnecter" }));
    await wait();

    expect(calls.some((call) => call.method === "post" && call.url === "/integrations/whatsapp/disconnect")).toBe(true);
    expect(connectButton()).toBeDisabled();
    expect(screen.getByText(msg.sdkInitialising)).toBeInTheDocument();
    expect(sdkScript()).not.toBeNull();
  });

  it("initialises the SDK once per page however often the panel opens", async () => {
    fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED } });
    const first = renderPanel();
    await wait();
    const fb = fakeFacebook();
    await sdkLoads(fb);
    first.unmount();

    renderPanel();
    await wait();

    expect(connectButton()).toBeEnabled();
    expect(fb.init).toHaveBeenCalledOnce();
    expect(document.querySelectorAll(`#${FACEBOOK_SDK_SCRIPT_ID}`)).toHaveLength(1);
  });

  describe("the manual set-up", () => {
    const SETTINGS = {
      webhook_url: "https://app.flux-ia.ci/api/v1/integrations/whatsapp/webhook",
      verify_token: "flux-verify",
      receiving: true,
      app_secret_required: false,
    };
    /** Choose the manual set-up and let its lazy chunk load. */
    const openManual = async () => {
      fireEvent.click(screen.getByRole("button", { name: "Configuration manuelle" }));
      await act(async () => {
        await import("./WhatsAppManualSetup");
      });
      await wait();
    };
    const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

    it("works on an http page without the Facebook SDK and shows what to paste into Meta", async () => {
      delete window.__FLUX_TEST_SECURE_PAGE__;
      fakeServer({
        "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED },
        "GET /integrations/whatsapp/webhook-settings": { status: 200, data: SETTINGS },
      });
      renderPanel();
      await wait();

      await openManual();

      expect(screen.queryByText(msg.httpsRequired)).not.toBeInTheDocument();
      expect(sdkScript()).toBeNull();
      expect(screen.getByTestId("whatsapp-webhook-url")).toHaveValue(SETTINGS.webhook_url);
      expect(screen.getByTestId("whatsapp-verify-token")).toHaveValue("flux-verify");
      expect(screen.getByRole("button", { name: "Vérifier et connecter" })).toBeEnabled();
    });

    it("checks the fields before calling the server", async () => {
      const calls = fakeServer({
        "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED },
        "GET /integrations/whatsapp/webhook-settings": { status: 200, data: SETTINGS },
      });
      renderPanel();
      await wait();
      await openManual();

      fill("Identifiant du numéro de téléphone", "+225 07");
      fireEvent.click(screen.getByRole("button", { name: "Vérifier et connecter" }));
      await wait();

      expect(screen.getByText(msg.idDigitsOnly)).toBeInTheDocument();
      expect(screen.getByText(msg.wabaIdRequired)).toBeInTheDocument();
      expect(screen.getByText(msg.tokenRequired)).toBeInTheDocument();
      expect(calls.some((call) => call.url === "/integrations/whatsapp/connect/manual")).toBe(false);
    });

    it("puts Meta's refusal on the field at fault, then connects and shows the number and its name", async () => {
      let attempts = 0;
      const calls = fakeServer({
        "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED },
        "GET /integrations/whatsapp/webhook-settings": { status: 200, data: SETTINGS },
        "POST /integrations/whatsapp/connect/manual": () =>
          ++attempts === 1
            ? {
                status: 400,
                data: {
                  message: "Ce jeton d'accès est invalide ou a expiré.",
                  error: "whatsapp_token_invalid",
                  statusCode: 400,
                  errors: { access_token: ["Ce jeton d'accès est invalide ou a expiré."] },
                },
              }
            : { status: 200, data: { status: "success", connection: { ...CONNECTED, display_phone_number: "+2250748017823" } } },
      });
      renderPanel();
      await wait();
      await openManual();

      fill("Identifiant du numéro de téléphone", " 106540352242922 ");
      fill("Identifiant du compte WhatsApp Business", "102290129340398");
      fill(/^Jeton d'accès permanent/, "EAAGwrong");
      fireEvent.click(screen.getByRole("button", { name: "Vérifier et connecter" }));
      await wait();

      expect(screen.getByLabelText(/^Jeton d'accès permanent/)).toHaveAttribute("aria-invalid", "true");
      expect(screen.getByText("Ce jeton d'accès est invalide ou a expiré.")).toBeInTheDocument();

      fill(/^Jeton d'accès permanent/, "EAAGright");
      fireEvent.click(screen.getByRole("button", { name: "Vérifier et connecter" }));
      await wait();

      const posted = calls.filter((call) => call.url === "/integrations/whatsapp/connect/manual").map((call) => call.body);
      expect(posted[1]).toEqual({ phone_number_id: "106540352242922", waba_id: "102290129340398", access_token: "EAAGright" });
      expect(screen.getByText(msg.success)).toBeInTheDocument();
      expect(screen.getByTestId("whatsapp-display-number")).toHaveTextContent("+225 07 48 01 78 23 — Boutique Akwaba");
    });

    it("asks for the app secret when the server has no platform secret, in Meta's 32-character form", async () => {
      const calls = fakeServer({
        "GET /integrations/whatsapp/status": { status: 200, data: NOT_CONNECTED },
        "GET /integrations/whatsapp/webhook-settings": { status: 200, data: { ...SETTINGS, app_secret_required: true } },
      });
      renderPanel();
      await wait();
      await openManual();

      fill("Identifiant du numéro de téléphone", "106540352242922");
      fill("Identifiant du compte WhatsApp Business", "102290129340398");
      fill(/^Jeton d'accès permanent/, "EAAGright");
      fireEvent.click(screen.getByRole("button", { name: "Vérifier et connecter" }));
      await wait();
      expect(screen.getByText(msg.appSecretRequired)).toBeInTheDocument();

      fill(/^Clé secrète de l'application/, "pas-une-cle");
      fireEvent.click(screen.getByRole("button", { name: "Vérifier et connecter" }));
      await wait();
      expect(screen.getByText(msg.appSecretFormat)).toBeInTheDocument();
      expect(calls.some((call) => call.url === "/integrations/whatsapp/connect/manual")).toBe(false);
    });

    it("offers both ways in again under « Reconnectez WhatsApp » after Meta refused the token", async () => {
      fakeServer({ "GET /integrations/whatsapp/status": { status: 200, data: { ...CONNECTED, needs_reconnect: true } } });
      renderPanel();
      await wait();

      expect(screen.getByText(msg.reconnectTitle)).toBeInTheDocument();
      expect(screen.queryByText(msg.alreadyConnected)).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Configuration manuelle" })).toBeInTheDocument();
      expect(sdkScript()).not.toBeNull();
    });
  });
});
