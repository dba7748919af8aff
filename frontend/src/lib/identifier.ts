/**
 * The login field takes an e-mail address or a phone number. Anything with an "@" or a letter is
 * an address; digits (with the spaces, dots, dashes, brackets and "+" people type) are a number,
 * read like the server reads it (core.phone): a national Ivorian number `0707123456` is
 * `+2250707123456`, `00225…` is `+225…`.
 */
import type { CodeRecipient } from "@/api/types";

const PHONE_TEXT = /^\+?[\d\s.()-]+$/;

export function looksLikePhone(value: string): boolean {
  const text = value.trim();
  return PHONE_TEXT.test(text) && /\d/.test(text);
}

/** The number in E.164 when it can be read without doubt, else the compact text (the server decides). */
export function phoneToE164(value: string): string {
  let compact = value.trim().replace(/[\s.()-]/g, "");
  if (compact.startsWith("00")) compact = `+${compact.slice(2)}`;
  if (compact.startsWith("+")) return compact;
  // Côte d'Ivoire: ten digits since 2021, starting with 01, 05, 07, 21, 25 or 27.
  if (/^\d{10}$/.test(compact)) return `+225${compact}`;
  return compact;
}

/** How many digits a number holds: 8 to 15 make a possible one (E.164 allows 15). */
export function phoneDigitCount(value: string): number {
  return value.replace(/\D/g, "").length;
}

/** What the login and « Mot de passe oublié » fields name: an account's e-mail, or a phone account's number. */
export function recipientOf(value: string): CodeRecipient {
  return looksLikePhone(value) ? { numero_telephone: phoneToE164(value) } : { adresse_email: value.trim() };
}
