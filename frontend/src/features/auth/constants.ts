/** Business constants of the auth screens (SPEC.md section 9). */
export const OTP_VALIDITY_SECONDS = 600;
export const OTP_WARNING_SECONDS = 60;
export const UNVERIFIED_REDIRECT_DELAY_MS = 2000;
export const LOGIN_REDIRECT_DELAY_MS = 100;
export const SUPPORT_EMAIL = "support@flux-ia.ci";
export const SUPPORT_HREF = `mailto:${SUPPORT_EMAIL}`;
export const SESSION_CHECK_MESSAGE = "Vérification de votre session...";
