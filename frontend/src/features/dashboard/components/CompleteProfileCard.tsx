import { UserRoundPen, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { buttonClasses } from "@/components/Button";
import { paths } from "@/config/paths";
import { useAuth } from "@/features/auth";

const DISMISSED_KEY = "flux_profile_prompt_dismissed";

function dismissedFor(): string | null {
  try {
    return window.localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * A new account (quick register asks only for an e-mail or a number) has no name or company: the
 * home page invites it to complete its profile, until it does or closes the card.
 */
export function CompleteProfileCard() {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(dismissedFor);
  if (!user) return null;
  const missing = [!user.prenom && "prénom", !user.nom && "nom", !user.nom_entreprise && "entreprise"].filter(Boolean) as string[];
  if (!missing.length || dismissed === String(user.id)) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, String(user.id));
    } catch {
      // Private browsing: the card comes back on the next visit, nothing worse.
    }
    setDismissed(String(user.id));
  };

  return (
    <section
      aria-labelledby="complete-profile-title"
      data-testid="complete-profile"
      className="relative mb-6 flex flex-col gap-3 rounded-xl bg-brand-50 p-4 pr-12 ring-1 ring-brand-100 sm:flex-row sm:items-center"
    >
      <UserRoundPen aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <h2 id="complete-profile-title" className="text-sm font-semibold text-slate-900">
          Complétez votre profil
        </h2>
        <p className="text-sm text-slate-700">
          Ajoutez votre {missing.join(", ")} : vos clients et votre assistant sauront qui vous êtes.
        </p>
      </div>
      <Link to={paths.dashboard.profile} className={buttonClasses("primary", "shrink-0")}>
        Compléter mon profil
      </Link>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Masquer l'invitation à compléter le profil"
        className="absolute top-2 right-2 rounded p-2 text-slate-500 hover:bg-brand-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </section>
  );
}
