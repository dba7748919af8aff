import { LogIn, UserPlus, Zap } from "lucide-react";
import { Link } from "react-router-dom";

import { buttonClasses } from "@/components/Button";
import { paths } from "@/config/paths";

import { AuthLayout, textLink } from "../components/AuthLayout";
import { SUPPORT_HREF } from "../constants";

/** /auth: the entry that offers sign-in and sign-up. */
export default function AuthEntryPage() {
  return (
    <AuthLayout
      title="Bienvenue sur Flux IA"
      subtitle="Votre assistant IA sur WhatsApp répond, vend et prend les commandes 24h/24."
      back={{ to: paths.home, label: "Accueil" }}
      footer={
        <>
          Une question ?{" "}
          <a href={SUPPORT_HREF} className={textLink}>
            Contacter le support
          </a>
        </>
      }
    >
      <div className="space-y-3">
        <Link to={paths.auth.login} className={buttonClasses("primary", "w-full")}>
          <LogIn aria-hidden="true" className="h-4 w-4" />
          Se connecter
        </Link>
        <Link to={paths.auth.register} className={buttonClasses("secondary", "w-full")}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Créer un compte
        </Link>
      </div>
      <div className="mt-6 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
        <p className="flex items-center gap-2 font-semibold text-slate-800">
          <Zap aria-hidden="true" className="h-4 w-4 text-accent-500" />
          Pas le temps ?
        </p>
        <p className="mt-1">
          Inscrivez-vous avec un simple email ou numéro de téléphone.{" "}
          <Link to={paths.auth.quickRegister} className={textLink}>
            Créer Compte Rapide
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
