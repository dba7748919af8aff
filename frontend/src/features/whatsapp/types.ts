/** The WhatsApp connection API's JSON (integrations/serializers.py), field for field. */

export type WhatsAppConnectionState = "connected" | "disconnected" | "not_connected";

export interface WhatsAppStatus {
  connected: boolean;
  status: WhatsAppConnectionState;
  connected_at: string | null;
  disconnected_at: string | null;
  waba_id: string | null;
  phone_number_id: string | null;
  display_phone_number: string | null;
  verified_name: string | null;
  /** Meta refused the token (error 190): the owner must reconnect WhatsApp. */
  needs_reconnect: boolean;
}

/** Either the classic flow's access token, or the Embedded Signup code with the ids it reported. */
export type WhatsAppConnectPayload =
  | { access_token: string; waba_id?: string; phone_number_id?: string }
  | { code: string; waba_id?: string; phone_number_id?: string };

/** The manual set-up (an owner's own Meta app): the three values copied from Meta's console. */
export interface WhatsAppManualConnectPayload {
  phone_number_id: string;
  waba_id: string;
  access_token: string;
  /** The business's Meta app secret, which signs this number's webhook deliveries (optional unless the server has none). */
  app_secret?: string;
}

export interface WhatsAppWebhookSettings {
  webhook_url: string;
  verify_token: string;
  /** False while this server cannot receive Meta's deliveries (app secret or verify token unset). */
  receiving: boolean;
  /** True when the server has no platform app secret: the business's own is then required. */
  app_secret_required: boolean;
}

export interface WhatsAppConnectResponse {
  status: "success";
  connection: WhatsAppStatus;
}

/** The parts of the Facebook JavaScript SDK the panel uses. */
export interface FacebookAuthResponse {
  accessToken?: string;
  code?: string;
  userID?: string;
}

export interface FacebookLoginResponse {
  status?: "connected" | "not_authorized" | "unknown" | string;
  authResponse?: FacebookAuthResponse | null;
}

export interface FacebookLoginOptions {
  scope: string;
  config_id?: string;
  response_type?: "code";
  override_default_response_type?: boolean;
  extras?: Record<string, unknown>;
}

export interface FacebookInitParams {
  appId: string;
  version: string;
  cookie: boolean;
  status: boolean;
  xfbml: boolean;
}

export interface FacebookSdk {
  init: (params: FacebookInitParams) => void;
  login?: (callback: (response: FacebookLoginResponse) => void, options?: FacebookLoginOptions) => void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
    /** Test-only: browser tests served over http set this (Playwright add_init_script) to act as HTTPS. */
    __FLUX_TEST_SECURE_PAGE__?: boolean;
  }
}
