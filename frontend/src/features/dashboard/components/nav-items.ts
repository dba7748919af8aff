import { Bot, ChartColumn, House, Mail, Megaphone, MessageSquare, Package, ShoppingBag, Store, Truck, UserRound, type LucideIcon } from "lucide-react";
import type { ComponentType } from "react";

import { paths } from "@/config/paths";
import { NewOrdersBadge } from "@/features/orders";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Statistiques: shown to everyone, opened only with the analytics permission. */
  needsAnalytics?: boolean;
  /** A count shown after the label (Commandes: the new orders). */
  badge?: ComponentType;
}

export const navItems: NavItem[] = [
  { label: "Accueil", to: paths.dashboard.root, icon: House },
  { label: "Conversations IA", to: paths.dashboard.conversations, icon: MessageSquare },
  { label: "Commandes", to: paths.dashboard.orders, icon: ShoppingBag, badge: NewOrdersBadge },
  { label: "Catalogue", to: paths.dashboard.catalog, icon: Package },
  { label: "Ma boutique", to: paths.dashboard.shop, icon: Store },
  { label: "Tester l'assistant", to: paths.dashboard.assistant, icon: Bot },
  { label: "Emails résumés", to: paths.dashboard.emails, icon: Mail },
  { label: "Campagnes", to: paths.dashboard.campaigns, icon: Megaphone },
  { label: "Logistique", to: paths.dashboard.logistics, icon: Truck },
  { label: "Statistiques", to: paths.dashboard.analytics, icon: ChartColumn, needsAnalytics: true },
  { label: "Profil", to: paths.dashboard.profile, icon: UserRound },
];
