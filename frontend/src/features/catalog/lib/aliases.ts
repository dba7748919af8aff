/** "alloco, aloco ; banane frite" -> ["alloco", "aloco", "banane frite"]: commas or semicolons,
 * trimmed, empty and repeated entries dropped (the server does the same). */
export function parseAliases(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const alias = part.trim();
    if (alias && !out.includes(alias)) out.push(alias);
  }
  return out;
}

/** The page number of a DRF "next" link, or undefined on the last page. */
export function nextPageFrom(next: string | null): number | undefined {
  if (!next) return undefined;
  const page = new URL(next, "http://localhost").searchParams.get("page");
  return page ? Number(page) : undefined;
}
