/**
 * PLACEHOLDER — the dashboard issue replaces this file (layout, sidebar, pages). It exists so the
 * auth flows have a protected destination: a greeting, the page's name and a logout button.
 */
import { LogOut } from "lucide-react";
import { useLocation } from "react-router-dom";

import { Button } from "@/components/Button";
import { paths } from "@/config/paths";
import { useAuth } from "@/features/auth/state/auth-context";

const titles: Record<string, string> = {
  [paths.dashboard.root]: "Accueil",
  [paths.dashboard.conversations]: "Conversations IA",
  [paths.dashboard.emails]: "Emails résumés",
  [paths.dashboard.logistics]: "Logistique",
  [paths.dashboard.analytics]: "Statistiques",
  [paths.dashboard.profile]: "Profil",
};

export default function DashboardPlaceholderPage() {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const title = titles[pathname.replace(/\/$/, "")] ?? "Tableau de bord";

  return (
    <main className="min-h-screen bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200 sm:p-8">
        <p className="text-sm font-medium text-brand-700">{title}</p>
        <h1 className="mt-1 text-2xl font-bold break-words text-slate-900">Bienvenue {user?.prenom} !</h1>
        <p className="mt-2 text-slate-600">Votre tableau de bord Flux IA arrive bientôt ici.</p>
        <Button variant="secondary" className="mt-6" onClick={() => void logout()}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Déconnexion
        </Button>
      </div>
    </main>
  );
}
