import { useCallback } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

import type { ApiError } from "@/lib/errors";

/** Put the server's field errors (`errors: {field: [message]}`) on the form's fields. */
export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  return useCallback(
    (error: ApiError): boolean => {
      let placed = false;
      for (const [field, messages] of Object.entries(error.errors ?? {})) {
        if ((fields as readonly string[]).includes(field) && messages[0]) {
          setError(field as Path<T>, { type: "server", message: messages[0] }, { shouldFocus: !placed });
          placed = true;
        }
      }
      return placed;
    },
    [fields, setError],
  );
}
