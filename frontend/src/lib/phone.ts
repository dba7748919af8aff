/**
 * Phone numbers as people read them, the twin of the server's core.phone.phone_display: the API stores
 * and returns E.164 (`+2250748017823`); screens show `+225 07 48 01 78 23`.
 *
 * Ivorian numbers (+225 and ten digits since 2021) are grouped by two after the country code; other
 * countries' numbers keep the country code apart and the rest grouped by two or three from the end.
 * Text that is not an E.164 number is returned unchanged.
 */

const E164 = /^\+(\d{6,15})$/;

/** Country calling codes are 1 to 3 digits; the ones our customers use, longest first. */
const KNOWN_CODES = ["225", "226", "223", "221", "224", "228", "229", "233", "234", "237", "33", "1"];

function groupByTwo(digits: string): string {
  const groups: string[] = [];
  let rest = digits;
  // An odd count starts with a group of three (`123 45 67`), as French grouping does.
  if (rest.length % 2 === 1 && rest.length > 2) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  for (let i = 0; i < rest.length; i += 2) groups.push(rest.slice(i, i + 2));
  return groups.join(" ");
}

/** "+2250748017823" → "+225 07 48 01 78 23". Unparseable text is kept as it is. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  const compact = value.replace(/[\s.-]/g, "");
  const match = E164.exec(compact);
  if (!match) return value;
  const digits = match[1];
  const code = KNOWN_CODES.find((c) => digits.startsWith(c) && digits.length - c.length >= 6);
  if (!code) return `+${digits}`;
  return `+${code} ${groupByTwo(digits.slice(code.length))}`;
}
