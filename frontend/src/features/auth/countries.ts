/** The phone picker's countries: West Africa first, then the diaspora's usual homes. */
export interface Country {
  code: string;
  name: string;
  dialCode: string;
}

export const DEFAULT_COUNTRY_CODE = "ci";

export const countries: readonly Country[] = [
  { code: "ci", name: "Côte d'Ivoire", dialCode: "225" },
  { code: "bf", name: "Burkina Faso", dialCode: "226" },
  { code: "ml", name: "Mali", dialCode: "223" },
  { code: "sn", name: "Sénégal", dialCode: "221" },
  { code: "gn", name: "Guinée", dialCode: "224" },
  { code: "gh", name: "Ghana", dialCode: "233" },
  { code: "lr", name: "Libéria", dialCode: "231" },
  { code: "tg", name: "Togo", dialCode: "228" },
  { code: "bj", name: "Bénin", dialCode: "229" },
  { code: "ne", name: "Niger", dialCode: "227" },
  { code: "ng", name: "Nigeria", dialCode: "234" },
  { code: "cm", name: "Cameroun", dialCode: "237" },
  { code: "ga", name: "Gabon", dialCode: "241" },
  { code: "cd", name: "RD Congo", dialCode: "243" },
  { code: "ma", name: "Maroc", dialCode: "212" },
  { code: "fr", name: "France", dialCode: "33" },
  { code: "be", name: "Belgique", dialCode: "32" },
  { code: "ch", name: "Suisse", dialCode: "41" },
  { code: "ca", name: "Canada", dialCode: "1" },
  { code: "us", name: "États-Unis", dialCode: "1" },
];

export const defaultCountry = countries[0];

export function countryByCode(code: string): Country {
  return countries.find((country) => country.code === code) ?? defaultCountry;
}

/**
 * Keep what the person typed as an international number with a leading plus under the chosen
 * country's dial code: "07 01 02" becomes "+22507 01 02" without spaces.
 */
export function toInternational(input: string, country: Country): string {
  const digits = input.replace(/[^\d]/g, "");
  if (input.trim().startsWith("+")) return `+${digits}`;
  if (digits.startsWith(country.dialCode) && digits.length > country.dialCode.length + 6) return `+${digits}`;
  return `+${country.dialCode}${digits}`;
}

/** Swap the dial code of `number` for the new country's. */
export function switchCountry(number: string, from: Country, to: Country): string {
  const digits = number.replace(/[^\d]/g, "");
  const national = digits.startsWith(from.dialCode) ? digits.slice(from.dialCode.length) : digits;
  return `+${to.dialCode}${national}`;
}
