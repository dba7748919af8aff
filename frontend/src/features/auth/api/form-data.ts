/** Multipart when a file is attached; empty optional values travel as empty strings (SPEC.md). */
export function toFormData(fields: Record<string, string | File | null | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof File) form.append(key, value);
    else if (value !== null && value !== undefined) form.append(key, value);
  }
  return form;
}
