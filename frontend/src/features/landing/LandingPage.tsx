import { Link } from "react-router-dom";

import { paths } from "@/config/paths";

/** The public landing page. Its full content arrives with the landing-page work. */
export default function LandingPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <span className="rounded-full bg-brand-50 px-4 py-1 text-sm font-medium text-brand-700">
        Technologie IA Made in Côte d'Ivoire
      </span>
      <h1 className="max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl">
        Flux IA, l'assistant IA qui répond à vos clients sur WhatsApp
      </h1>
      <p className="max-w-xl text-lg text-slate-600">
        Il répond en français, en anglais et en nouchi, vend et prend les commandes, 24h/24.
      </p>
      <Link to={paths.auth.root} className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
        Essai Gratuit
      </Link>
    </main>
  );
}
