import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

import { Toaster } from "@/components/toast";
import { AuthProvider } from "@/features/auth/state/auth-context";

/** React Query defaults from SPEC.md section 9: one retry, no refetch on focus, 5 minutes fresh. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5 * 60 * 1000 },
    },
  });
}

interface AppProvidersProps {
  children: ReactNode;
  navigate: (to: string) => Promise<void> | void;
}

export function AppProviders({ children, navigate }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider navigate={navigate}>
        {children}
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
