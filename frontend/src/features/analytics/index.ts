/** The analytics feature: the statistics page (plans with the analytics permission) and its API. */
export { default as AnalyticsPage } from "./routes/AnalyticsPage";
export { analyticsQueryKey, useAnalytics } from "./api/get-analytics";
export type { AnalyticsFigure, AnalyticsKpi, AnalyticsOverview } from "./types";
export { ForecastHomeCard } from "./components/ForecastSection";
export { forecastQueryKey, useForecast } from "./api/get-forecast";
