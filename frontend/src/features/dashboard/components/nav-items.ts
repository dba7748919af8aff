import { ChartColumn, House, Mail, MessageSquare, Package, Store, Truck, UserRound, type LucideIcon } from "lucide-react";

import { paths } from "@/config/paths";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Statistiques: shown to everyone, opened only with the analytics permission. */
  needsAnalytics?: boolean;
}

export const navItems: NavItem[] = [
  { label: "Accueil", to: paths.dashboard.root, icon: House },
  { label: "Conversations IA", to: paths.dashboard.conversations, icon: MessageSquare },
  { label: "Emails résumés", to: paths.dashboard.emails, icon: Mail },
  { label: "Logistique", to: paths.dashboard.logistics, icon: Truck },
  { label: "Catalogue", to: paths.dashboard.catalog, icon: Package },
  { label: "Ma boutique", to: paths.dashboard.shop, icon: Store },
  { label: "Statistiques", to: paths.dashboard.analytics, icon: ChartColumn, needsAnalytics: true },
  { label: "Profil", to: paths.dashboard.profile, icon: UserRound },
];
