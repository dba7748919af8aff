/**
 * Each screen's French `<title>`, so a tab, the history and a phone's task switcher say where one is.
 * The app's routes set it on every navigation (app/router.tsx); unknown paths get the not-found title.
 */
import { paths } from "./paths";

const BRAND = "Flux IA";

const TITLES: Record<string, string> = {
  [paths.home]: "Flux IA — l'assistant IA WhatsApp des entreprises ivoiriennes",
  [paths.auth.root]: "Bienvenue",
  [paths.auth.login]: "Connexion",
  [paths.auth.register]: "Inscription",
  [paths.auth.quickRegister]: "Inscription rapide",
  [paths.auth.otp]: "Code de vérification",
  [paths.auth.forgotPassword]: "Mot de passe oublié",
  [paths.dashboard.root]: "Accueil",
  [paths.dashboard.conversations]: "Conversations IA",
  [paths.dashboard.orders]: "Commandes",
  [paths.dashboard.assistant]: "Tester l'assistant",
  [paths.dashboard.emails]: "Emails résumés",
  [paths.dashboard.campaigns]: "Campagnes",
  [paths.dashboard.logistics]: "Logistique",
  [paths.dashboard.analytics]: "Statistiques",
  [paths.dashboard.catalog]: "Catalogue",
  [paths.dashboard.shop]: "Ma boutique",
  [paths.dashboard.profile]: "Profil",
  [paths.dashboard.plans]: "Abonnement",
};

export const NOT_FOUND_TITLE = "Page introuvable";

/** "/dashboard/orders" → "Commandes · Flux IA"; the landing page keeps its full name. */
export function titleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === paths.home) return TITLES[paths.home];
  return `${TITLES[path] ?? NOT_FOUND_TITLE} · ${BRAND}`;
}
