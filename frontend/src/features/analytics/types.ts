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

/** Customers' ratings after delivery (CSAT): share of 4–5 scores over the period, per driver too. */
export interface DriverSatisfaction {
  driver_id: number;
  name: string;
  ratings: number;
  csat: number | null;
  average: number | null;
}

export interface Satisfaction {
  ratings: number;
  /** % of ratings of 4 or 5; null without ratings. */
  csat: number | null;
  average: number | null;
  drivers: DriverSatisfaction[];
  explanation: string;
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
  satisfaction: Satisfaction;
}

/** GET /analytics/forecast (stored nightly; docs/analytics.md), field for field. */
export interface ForecastTotals {
  units?: number;
  low?: number;
  high?: number;
  revenue?: number;
  revenue_low?: number;
  revenue_high?: number;
}

export interface ForecastBacktest {
  error_pct: number | null;
  naive_error_pct: number | null;
  mase: number | null;
  naive_mase: number | null;
  weeks: number;
  sentence: string;
}

export interface ForecastCard {
  status: "ok" | "insufficient" | "no_sales" | "stopped";
  basis: string;
  missing: string | null;
  method?: string;
  method_label?: string;
  next_7?: ForecastTotals;
  next_30?: ForecastTotals;
  week?: { date: string; day: string; value: number }[];
  backtest?: ForecastBacktest;
}

export interface ProductForecast extends ForecastCard {
  sku: string;
  name: string;
  price: number;
  unit: string;
}

export interface BusySlot {
  day: string;
  hour: number;
  label: string;
  expected: number;
}

export interface LateCustomer {
  name: string;
  phone: string;
  conversation_id: number | null;
  orders: number;
  every_days: number;
  rhythm: string;
  days_since: number;
  last_order_on: string;
}

export interface ForecastData {
  status: "ok" | "insufficient";
  basis: string;
  missing: string | null;
  history_days: number;
  min_weeks: number;
  total: ForecastCard;
  products: ProductForecast[];
  heatmap: {
    cells: number[][];
    max: number;
    weeks: number;
    basis: string;
    missing: string | null;
    busiest: BusySlot[];
    backtest: { hits: number; announced: number; sentence: string } | null;
  };
  customers: { late: LateCustomer[]; count: number; headline: string; basis: string };
}

export interface RestockAlert {
  product_id: number;
  sku: string;
  name: string;
  unit: string;
  stock_quantity: number;
  days_left: number;
  runs_out_on: string;
  expected_7_days: number;
  message: string;
}

export interface ForecastPage {
  available: boolean;
  computed_at: string | null;
  message: string;
  data: ForecastData | null;
  restock: RestockAlert[];
}
