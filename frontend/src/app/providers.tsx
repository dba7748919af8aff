import type { ReactNode } from "react";

import { Toaster } from "@/components/toast";
import { AuthProvider } from "@/features/auth/state/auth-context";

interface AppProvidersProps {
  children: ReactNode;
  navigate: (to: string) => Promise<void> | void;
}

/**
 * What every screen shares: the session and the toasts. React Query's client is the dashboard's
 * (features/dashboard/DashboardApp.tsx), so the login screen does not download it.
 */
export function AppProviders({ children, navigate }: AppProvidersProps) {
  return (
    <AuthProvider navigate={navigate}>
      {children}
      <Toaster />
    </AuthProvider>
  );
}
