import { ShieldAlert } from "lucide-react";
import { Link } from "react-router-dom";

import { Button, buttonClasses } from "@/components/Button";
import { paths } from "@/config/paths";

import { SUPPORT_EMAIL, SUPPORT_HREF } from "../constants";
import { useAuth } from "../state/auth-context";

/** Shown by the guard to a signed-in person whose plan or permissions do not open the page. */
export function UnauthorizedScreen() {
  const { logout } = useAuth();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl ring-1 ring-slate-200 sm:p-8">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <ShieldAlert aria-hidden="true" className="h-7 w-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Accès non autorisé</h1>
        <p className="mt-3 text-slate-600">Vous n'avez pas les permissions nécessaires pour accéder à cette page</p>
        <p className="mt-3 text-sm text-slate-500">
          Si vous pensez qu'il s'agit d'une erreur, contactez le support :{" "}
          <a href={SUPPORT_HREF} className="font-medium text-brand-700 underline">
            {SUPPORT_EMAIL}
          </a>
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={paths.home} className={buttonClasses("secondary")}>
            Retour à l'accueil
          </Link>
          {/* Log out first: the login screen sends a signed-in person straight back to the dashboard. */}
          <Button onClick={() => void logout({ to: paths.auth.login })}>Se reconnecter</Button>
        </div>
      </div>
    </main>
  );
}
