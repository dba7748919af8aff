/**
 * The address shown on the OTP screen: first character, "***", last character of the local part
 * (SPEC.md section 2). A phone number keeps its country code and last two digits.
 */
export function maskEmail(address: string): string {
  const value = address.trim();
  const at = value.lastIndexOf("@");
  if (at < 0) return maskPhone(value);
  const local = value.slice(0, at);
  const domain = value.slice(at);
  if (!local) return value;
  return `${local[0]}***${local[local.length - 1]}${domain}`;
}

export function maskPhone(phone: string): string {
  const value = phone.replace(/\s+/g, "");
  if (value.length <= 6) return value ? `${value[0]}***` : value;
  return `${value.slice(0, 4)}***${value.slice(-2)}`;
}

export function isPhoneNumber(value: string): boolean {
  return /^\+\d{6,}$/.test(value.replace(/\s+/g, ""));
}
