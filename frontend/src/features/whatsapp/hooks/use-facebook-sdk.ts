/**
 * Loads the Facebook JavaScript SDK (French locale) when asked to, initialises it once per page
 * with the app id the server provides, and reports readiness, polled every 500 ms (SPEC.md 9).
 *
 * The script is added only when `enabled` turns true (the WhatsApp panel is open and the page is
 * HTTPS), so no other page downloads it.
 */
import { useEffect, useState } from "react";

import {
  FACEBOOK_SDK_SCRIPT_ID,
  FACEBOOK_SDK_URL,
  FACEBOOK_SDK_VERSION,
  SDK_LOAD_TIMEOUT_MS,
  SDK_POLL_INTERVAL_MS,
} from "../config";

export type FacebookSdkStatus = "idle" | "loading" | "ready" | "missing" | "init-error";

/** FB.init runs once per page and app id, however often the panel opens. */
let initialisedAppId: string | null = null;

/** For unit tests: forget the initialisation (each test installs a fresh fake window.FB). */
export function resetFacebookSdkForTests(): void {
  initialisedAppId = null;
  document.getElementById(FACEBOOK_SDK_SCRIPT_ID)?.remove();
  delete window.FB;
  delete window.fbAsyncInit;
}

interface Options {
  enabled: boolean;
  appId: string;
}

function addScript(onLoad: () => void, onError: () => void): () => void {
  let script = document.getElementById(FACEBOOK_SDK_SCRIPT_ID) as HTMLScriptElement | null;
  if (!script) {
    script = document.createElement("script");
    script.id = FACEBOOK_SDK_SCRIPT_ID;
    script.src = FACEBOOK_SDK_URL;
    script.async = true;
    script.defer = true;
    script.crossOrigin = "anonymous";
    document.head.appendChild(script);
  }
  const element = script;
  const handleError = () => {
    // Forget the dead element so that opening the panel again retries the download.
    element.remove();
    onError();
  };
  element.addEventListener("load", onLoad);
  element.addEventListener("error", handleError);
  return () => {
    element.removeEventListener("load", onLoad);
    element.removeEventListener("error", handleError);
  };
}

export function useFacebookSdk({ enabled, appId }: Options): FacebookSdkStatus {
  const [status, setStatus] = useState<FacebookSdkStatus>("idle");

  useEffect(() => {
    if (!enabled) {
      setStatus("idle");
      return;
    }
    if (!appId) {
      // Without FACEBOOK_APP_ID, FB.init cannot succeed: say so rather than download the SDK.
      setStatus("init-error");
      return;
    }
    let active = true;
    let settled = false;
    const settle = (next: FacebookSdkStatus) => {
      if (!active || settled) return;
      settled = true;
      window.clearInterval(timer);
      setStatus(next);
    };
    /** True once FB.init has run for this app id; settles "init-error" when it throws. */
    const initialise = (): boolean => {
      const fb = window.FB;
      if (!fb) return false;
      if (initialisedAppId === appId) return true;
      try {
        fb.init({ appId, version: FACEBOOK_SDK_VERSION, cookie: true, status: true, xfbml: true });
      } catch {
        settle("init-error");
        return false;
      }
      initialisedAppId = appId;
      return true;
    };
    const check = () => {
      if (initialise()) settle("ready");
    };

    setStatus("loading");
    // The SDK calls window.fbAsyncInit once it has loaded.
    window.fbAsyncInit = check;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      if (window.FB) check();
      else if (Date.now() - startedAt >= SDK_LOAD_TIMEOUT_MS) settle("missing");
    }, SDK_POLL_INTERVAL_MS);
    const detach = addScript(
      () => (window.FB ? check() : settle("missing")),
      () => settle("missing"),
    );
    check();

    return () => {
      active = false;
      window.clearInterval(timer);
      detach();
    };
  }, [enabled, appId]);

  return status;
}
