/**
 * The "connect WhatsApp" panel the dashboard's quick action opens (SPEC.md sections 4, 7, 8).
 *
 * Mounting it is opening it: only then is the Facebook SDK downloaded. It is a plain region of the
 * page, not a modal: the rest of the dashboard stays usable while it is open.
 *
 * Flow: the SDK loads and becomes ready -> "Connecter" (enabled only when ready and on HTTPS) ->
 * FB.login after 500 ms -> the access token (or, with Embedded Signup, the code plus the ids the
 * signup window posted) goes to POST /integrations/whatsapp/connect -> a status message.
 *
 * « Configuration manuelle » is the other way in, for a business with its own Meta app (no SDK, no
 * HTTPS needed): see WhatsAppManualSetup. After Meta refused the token (error 190) the panel offers
 * both ways again under « Reconnectez WhatsApp ».
 */
import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { Spinner } from "@/components/Spinner";
import { cn } from "@/lib/cn";
import { formatPhone } from "@/lib/phone";

import { useConnectWhatsApp } from "../api/connect-whatsapp";
import { useDisconnectWhatsApp } from "../api/disconnect-whatsapp";
import { useWhatsAppStatus } from "../api/get-whatsapp-status";
import { CONNECT_DELAY_MS, FACEBOOK_LOGIN_SCOPES, isSecurePage, readFacebookConfig, type FacebookConfig } from "../config";
import { useFacebookSdk, type FacebookSdkStatus } from "../hooks/use-facebook-sdk";
import { whatsappMessages as msg } from "../messages";
import type { FacebookLoginOptions, FacebookLoginResponse, WhatsAppConnectPayload } from "../types";

type Tone = "error" | "success" | "info";

interface Notice {
  tone: Tone;
  message: string;
}

interface SignupIds {
  waba_id?: string;
  phone_number_id?: string;
}

type Mode = "facebook" | "manual";

// The manual set-up is code most owners never open: its own chunk, fetched when it is shown.
const WhatsAppManualSetup = lazy(() => import("./WhatsAppManualSetup").then((m) => ({ default: m.WhatsAppManualSetup })));
const WebhookSettings = lazy(() => import("./WhatsAppManualSetup").then((m) => ({ default: m.WebhookSettings })));

const lazyFallback = (
  <p className="flex items-center gap-2 text-sm text-slate-600">
    <Spinner size="sm" /> Chargement...
  </p>
);

const FACEBOOK_ORIGIN = /^https:\/\/(www|web)\.facebook\.com$/;

export function loginOptions(config: FacebookConfig): FacebookLoginOptions {
  const options: FacebookLoginOptions = { scope: FACEBOOK_LOGIN_SCOPES };
  if (config.configId) {
    // Embedded Signup: https://developers.facebook.com/docs/whatsapp/embedded-signup
    options.config_id = config.configId;
    options.response_type = "code";
    options.override_default_response_type = true;
    options.extras = { sessionInfoVersion: "3" };
  }
  return options;
}

/** The ids the Embedded Signup window posts when the person finishes (WA_EMBEDDED_SIGNUP). */
export function signupIdsFrom(event: MessageEvent): SignupIds | null {
  if (!FACEBOOK_ORIGIN.test(event.origin)) return null;
  let data: unknown = event.data;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!data || typeof data !== "object") return null;
  const message = data as { type?: unknown; event?: unknown; data?: Record<string, unknown> };
  if (message.type !== "WA_EMBEDDED_SIGNUP" || typeof message.event !== "string" || !message.event.startsWith("FINISH")) {
    return null;
  }
  const ids: SignupIds = {};
  const waba = message.data?.waba_id;
  const phone = message.data?.phone_number_id;
  if (typeof waba === "string" || typeof waba === "number") ids.waba_id = String(waba);
  if (typeof phone === "string" || typeof phone === "number") ids.phone_number_id = String(phone);
  return ids;
}

function sdkNotice(secure: boolean, sdk: FacebookSdkStatus): Notice | null {
  if (!secure) return { tone: "error", message: msg.httpsRequired };
  switch (sdk) {
    case "loading":
      return { tone: "info", message: msg.sdkInitialising };
    case "missing":
      return { tone: "error", message: msg.sdkMissing };
    case "init-error":
      return { tone: "error", message: msg.initError };
    default:
      return null;
  }
}

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Africa/Abidjan" });

export function WhatsAppConnectPanel({ onClose }: { onClose?: () => void }) {
  const config = useMemo(() => readFacebookConfig(), []);
  const secure = isSecurePage(config);
  const statusQuery = useWhatsAppStatus();
  const connected = statusQuery.data?.connected === true;
  const needsReconnect = connected && statusQuery.data?.needs_reconnect === true;
  // A number whose token Meta refused is offered both ways in again.
  const connectedView = connected && !needsReconnect;
  const [mode, setMode] = useState<Mode>("facebook");
  const [webhookShown, setWebhookShown] = useState(false);
  const sdk = useFacebookSdk({
    enabled: secure && !statusQuery.isPending && !connectedView && mode === "facebook",
    appId: config.appId,
  });
  const connect = useConnectWhatsApp();
  const disconnect = useDisconnectWhatsApp();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const signupIds = useRef<SignupIds>({});
  const sdkStatus = useRef(sdk);
  sdkStatus.current = sdk;
  const delay = useRef<number | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const onMessage = (event: MessageEvent) => {
      const ids = signupIdsFrom(event);
      if (ids) signupIds.current = ids;
    };
    window.addEventListener("message", onMessage);
    return () => {
      mounted.current = false;
      window.removeEventListener("message", onMessage);
      window.clearTimeout(delay.current);
    };
  }, []);

  const finish = (tone: Tone, message: string) => {
    if (!mounted.current) return;
    setNotice({ tone, message });
    setBusy(false);
  };

  const onLoginResponse = (response: FacebookLoginResponse) => {
    if (!response || typeof response !== "object") return finish("error", msg.loginError);
    const auth = response.authResponse;
    if (!auth) return finish("info", msg.cancelled);
    let payload: WhatsAppConnectPayload;
    if (auth.code) payload = { code: auth.code, ...signupIds.current };
    else if (auth.accessToken) payload = { access_token: auth.accessToken, ...signupIds.current };
    else return finish("error", msg.loginError);
    connect.mutate(payload, {
      onSuccess: () => finish("success", msg.success),
      onError: () => finish("error", msg.configurationError),
    });
  };

  const onConnect = () => {
    setBusy(true);
    setNotice({ tone: "info", message: msg.inProgress });
    signupIds.current = {};
    window.clearTimeout(delay.current);
    delay.current = window.setTimeout(() => {
      const fb = window.FB;
      if (!fb || sdkStatus.current !== "ready") return finish("error", msg.sdkNotReady);
      if (typeof fb.login !== "function") return finish("error", msg.loginUnavailable);
      try {
        // FB.login wants a plain function, not an async one.
        fb.login((response) => onLoginResponse(response), loginOptions(config));
      } catch {
        finish("error", msg.loginError);
      }
    }, CONNECT_DELAY_MS);
  };

  const onDisconnect = () => {
    disconnect.mutate(undefined, {
      onSuccess: () => setNotice(null),
      onError: () => setNotice({ tone: "error", message: msg.disconnectError }),
    });
  };

  const chooseMode = (next: Mode) => {
    if (busy) return;
    setMode(next);
    setNotice(null);
  };

  const shown: Notice | null =
    notice ??
    (statusQuery.isPending
      ? { tone: "info", message: msg.checkingStatus }
      : connectedView
        ? { tone: "success", message: msg.alreadyConnected }
        : mode === "facebook"
          ? sdkNotice(secure, sdk)
          : null);
  const connection = statusQuery.data;

  return (
    <section
      aria-labelledby="whatsapp-panel-title"
      data-testid="whatsapp-panel"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-700">
          <MessageCircle aria-hidden="true" className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="whatsapp-panel-title" className="text-lg font-semibold text-slate-900">
            {connectedView ? "WhatsApp connecté" : "Connecter WhatsApp"}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {mode === "manual"
              ? "Reliez le numéro WhatsApp Business de votre propre application Meta avec ses identifiants et un jeton permanent."
              : "Reliez le numéro WhatsApp Business de votre entreprise à l'assistant IA avec votre compte Facebook."}
          </p>
        </div>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Fermer"
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>

      {needsReconnect && (
        <Alert tone="error" title={msg.reconnectTitle} className="mt-4">
          {msg.reconnectText}
        </Alert>
      )}

      <div className="mt-4" aria-live="polite">
        {shown && (
          <Alert tone={shown.tone}>
            <span className="inline-flex items-center gap-2">
              {(busy || shown.message === msg.sdkInitialising || shown.message === msg.checkingStatus) && <Spinner size="sm" />}
              {shown.message}
            </span>
          </Alert>
        )}
      </div>

      {connectedView && connection ? (
        <div className="mt-4 space-y-3">
          <dl className="grid gap-1 text-sm text-slate-700">
            {connection.connected_at && (
              <div>
                <dt className="inline font-medium">Connecté le : </dt>
                <dd className="inline">{dateFormat.format(new Date(connection.connected_at))}</dd>
              </div>
            )}
            {connection.display_phone_number && (
              <div>
                <dt className="inline font-medium">Numéro connecté : </dt>
                <dd className="inline" data-testid="whatsapp-display-number">
                  {formatPhone(connection.display_phone_number)}
                  {connection.verified_name ? ` — ${connection.verified_name}` : ""}
                </dd>
              </div>
            )}
            {connection.phone_number_id && (
              <div>
                <dt className="inline font-medium">Numéro WhatsApp (ID) : </dt>
                <dd className="inline break-all">{connection.phone_number_id}</dd>
              </div>
            )}
            {connection.waba_id && (
              <div>
                <dt className="inline font-medium">Compte WhatsApp Business (ID) : </dt>
                <dd className="inline break-all">{connection.waba_id}</dd>
              </div>
            )}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onDisconnect} loading={disconnect.isPending}>
              Déconnecter
            </Button>
            <Button variant="ghost" onClick={() => setWebhookShown((shownNow) => !shownNow)} aria-expanded={webhookShown}>
              Paramètres du webhook Meta
            </Button>
          </div>
          {webhookShown && (
            <Suspense fallback={lazyFallback}>
              <WebhookSettings />
            </Suspense>
          )}
        </div>
      ) : (
        <>
          <div role="group" aria-label="Méthode de connexion" className="mt-4 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
            {(
              [
                ["facebook", "Avec Facebook"],
                ["manual", "Configuration manuelle"],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={mode === value}
                onClick={() => chooseMode(value)}
                className={cn(
                  "min-h-10 rounded-md px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600",
                  mode === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
                )}
              >
                {label}
              </button>
            ))}
          </div>
          <div className="mt-4">
            {mode === "facebook" ? (
              <Button onClick={onConnect} disabled={!secure || sdk !== "ready" || busy} loading={busy}>
                Connecter
              </Button>
            ) : (
              <Suspense fallback={lazyFallback}>
                <WhatsAppManualSetup onConnected={() => finish("success", msg.success)} />
              </Suspense>
            )}
          </div>
        </>
      )}
    </section>
  );
}
