/** The statistics API's JSON (GET /analytics), field for field. */

export interface AnalyticsFigure {
  key: string;
  label: string;
  /** A number, or a text (a day's name); null without data. */
  value: number | string | null;
  unit: string;
  explanation: string;
}

export interface AnalyticsKpi extends AnalyticsFigure {
  /** Change in % against the previous period. */
  change: number | null;
}

export interface CategoryAccuracy {
  category: string;
  label: string;
  accuracy: number | null;
  correct: number;
  evaluated: number;
}

export interface CitySales {
  city: string;
  orders: number;
  revenue: number;
  share: number | null;
}

export interface AnalyticsOverview {
  period_days: number;
  generated_at: string;
  kpis: AnalyticsKpi[];
  accuracy_by_category: { categories: CategoryAccuracy[]; explanation: string };
  sales_by_city: { cities: CitySales[]; total_revenue: number; explanation: string };
  predictions: AnalyticsFigure[];
  /** False on plans without « Analyses prédictives » (starter): predictions is then empty. */
  predictions_available: boolean;
}
