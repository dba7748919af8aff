import { QueryClient } from "@tanstack/react-query";

/** React Query defaults from SPEC.md section 9: one retry, no refetch on focus, 5 minutes fresh. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5 * 60 * 1000 },
    },
  });
}
