/** The home page's JSON (GET /auth/dashboard), field for field. */
import type { AnalyticsFigure } from "@/features/analytics";

export type DashboardActivityType = "message" | "order" | "delivery" | "email";

export interface DashboardActivity {
  type: DashboardActivityType;
  title: string;
  description: string;
  time: string;
  link: string;
}

export interface DashboardHome {
  cards: AnalyticsFigure[];
  recent_activity: DashboardActivity[];
  /** The plan sells « Analyses prédictives »: the home page shows the forecast card. */
  predictions_available: boolean;
}
