/** The page number of a DRF "next" link, or undefined on the last page (React Query's next param). */
export function nextPageFrom(next: string | null): number | undefined {
  if (!next) return undefined;
  const page = new URL(next, "http://localhost").searchParams.get("page");
  return page ? Number(page) : undefined;
}
