/**
 * What the panel needs from the page: the Facebook app and Embedded Signup configuration ids
 * (served by Django in <script id="flux-config">, from FACEBOOK_APP_ID / FACEBOOK_CONFIG_ID; never
 * hard-coded), and whether the page is HTTPS.
 */

export const FACEBOOK_SDK_URL = "https://connect.facebook.net/fr_FR/sdk.js";
export const FACEBOOK_SDK_SCRIPT_ID = "facebook-jssdk";
export const FACEBOOK_SDK_VERSION = "v19.0";
export const FACEBOOK_LOGIN_SCOPES = "whatsapp_business_management,whatsapp_business_messaging";
/** SPEC.md section 9: readiness poll every 500 ms, connect delay 500 ms. */
export const SDK_POLL_INTERVAL_MS = 500;
export const CONNECT_DELAY_MS = 500;
/** After this long without window.FB the SDK counts as not loaded (a blocked or dead script). */
export const SDK_LOAD_TIMEOUT_MS = 15_000;

export interface FacebookConfig {
  appId: string;
  configId: string;
  /** Test-only: see isSecurePage. */
  testSecurePage: boolean;
}

export function readFacebookConfig(doc: Document = document): FacebookConfig {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(doc.getElementById("flux-config")?.textContent || "{}") ?? {};
  } catch {
    raw = {};
  }
  return {
    appId: typeof raw.facebook_app_id === "string" ? raw.facebook_app_id : "",
    configId: typeof raw.facebook_config_id === "string" ? raw.facebook_config_id : "",
    testSecurePage: raw.test_secure_page === true,
  };
}

/**
 * Facebook login works on HTTPS pages only. Browser tests run the app over http on live_server, so
 * a page can be marked secure for tests only, in either of two ways:
 * - `window.__FLUX_TEST_SECURE_PAGE__ = true` before the app starts (Playwright:
 *   `page.add_init_script("window.__FLUX_TEST_SECURE_PAGE__ = true")`), or
 * - `"test_secure_page": true` in the page's flux-config (a Django test setting may put it there).
 * Neither grants anything the server relies on: the server checks the token with Facebook anyway.
 */
export function isSecurePage(config: FacebookConfig, win: Window = window): boolean {
  return win.location.protocol === "https:" || win.__FLUX_TEST_SECURE_PAGE__ === true || config.testSecurePage;
}
