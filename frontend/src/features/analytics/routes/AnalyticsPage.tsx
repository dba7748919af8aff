/**
 * Statistiques (plans pro and entreprise): KPIs, AI answer accuracy by question category, sales by
 * city, customers' satisfaction after delivery (CSAT, per driver), each with the API's sentence saying how it is computed, and the stored forecasts (plans with
 * « Analyses prédictives »: demand per product, restock alerts, busy hours, late regulars).
 */
import { BarChart3, Info, TrendingDown, TrendingUp } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router-dom";

import { cn } from "@/lib/cn";

import { useAnalytics } from "../api/get-analytics";
import { BarChart } from "../components/BarChart";
import { ForecastSection } from "../components/ForecastSection";
import { SatisfactionCard } from "../components/SatisfactionCard";
import { ConnectWhatsAppLink } from "@/components/ConnectWhatsAppLink";
import { Card, EmptyState, ErrorState, PageHeader, Skeleton } from "@/components/states";
import { LlmUsageCard } from "@/features/assistant";
import { paths } from "@/config/paths";
import { formatChange, formatFigure, formatNumber } from "@/lib/format";
import { formatFcfa } from "@/lib/money";
import type { AnalyticsFigure, AnalyticsKpi } from "../types";

const formatPercent = (value: number) => `${formatNumber(value, 1)}\u00a0%`;

function HowComputed({ children }: { children: string }) {
  return (
    <p data-testid="how-computed" className="mt-2 flex items-start gap-1.5 text-xs text-slate-500">
      <Info aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function FigureCard({ figure, testId }: { figure: AnalyticsFigure | AnalyticsKpi; testId: string }) {
  const change = "change" in figure ? formatChange(figure.change) : null;
  const up = "change" in figure && (figure.change ?? 0) >= 0;
  return (
    <li className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <p className="text-sm font-medium text-slate-600">{figure.label}</p>
      <div className="mt-1 flex flex-wrap items-baseline gap-2">
        <p className="text-2xl font-bold break-words text-slate-900">{formatFigure(figure.value, figure.unit)}</p>
        {change && (
          <span className={cn("inline-flex items-center gap-0.5 text-xs font-semibold", up ? "text-green-700" : "text-red-700")}>
            {up ? <TrendingUp aria-hidden="true" className="h-3.5 w-3.5" /> : <TrendingDown aria-hidden="true" className="h-3.5 w-3.5" />}
            {change}
            <span className="sr-only"> par rapport à la période précédente</span>
          </span>
        )}
      </div>
      <HowComputed>{figure.explanation}</HowComputed>
    </li>
  );
}

export default function AnalyticsPage() {
  const analytics = useAnalytics();
  const data = analytics.data;

  const accuracy = useMemo(() => (data?.accuracy_by_category.categories ?? []).filter((category) => category.accuracy !== null), [data]);
  const cities = useMemo(() => data?.sales_by_city.cities ?? [], [data]);
  const accuracyLabels = useMemo(() => accuracy.map((category) => category.label), [accuracy]);
  const accuracyValues = useMemo(() => accuracy.map((category) => category.accuracy ?? 0), [accuracy]);
  const cityLabels = useMemo(() => cities.map((city) => city.city), [cities]);
  const cityValues = useMemo(() => cities.map((city) => city.revenue), [cities]);

  const title = (
    <PageHeader
      title="Statistiques et prévisions"
      description={data ? `Calculées à partir des données de votre compte sur les ${data.period_days} derniers jours.` : "Calculées à partir des données de votre compte."}
    />
  );

  if (analytics.isPending) {
    return (
      <>
        {title}
        <div role="status" aria-live="polite" data-testid="skeleton" className="space-y-6">
          <span className="sr-only">Chargement...</span>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-32" />
            ))}
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-72" />
            <Skeleton className="h-72" />
          </div>
        </div>
      </>
    );
  }
  if (analytics.isError) {
    return (
      <>
        {title}
        <ErrorState error={analytics.error} onRetry={() => void analytics.refetch()} />
      </>
    );
  }

  if (!data) return null;
  const empty = data.kpis.every((kpi) => kpi.value === null || kpi.value === 0) && cities.length === 0;

  return (
    <>
      {title}
      {empty && (
        <EmptyState icon={BarChart3} title="Pas encore de données à analyser" action={<ConnectWhatsAppLink />} className="mb-6">
          Vos indicateurs, la précision de l'IA et vos ventes par ville apparaîtront ici dès les premières conversations et
          commandes. Commencez par connecter votre numéro WhatsApp.
        </EmptyState>
      )}

      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Indicateurs clés">
        {data.kpis.map((kpi) => (
          <FigureCard key={kpi.key} figure={kpi} testId="analytics-kpi" />
        ))}
      </ul>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="accuracy-title" data-testid="accuracy">
          <h2 id="accuracy-title" className="text-lg font-semibold text-slate-900">
            Précision de l'IA par catégorie
          </h2>
          {accuracy.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">Aucune réponse de l'IA n'a encore été évaluée.</p>
          ) : (
            <>
              <div className="mt-4">
                <BarChart labels={accuracyLabels} values={accuracyValues} format={formatPercent} max={100} label="Précision des réponses de l'IA par catégorie de question, en pourcentage" />
              </div>
              <ul className="mt-3 divide-y divide-slate-100 text-sm">
                {accuracy.map((category) => (
                  <li key={category.category} className="flex justify-between gap-3 py-1.5">
                    <span className="min-w-0 truncate text-slate-700">{category.label}</span>
                    <span className="shrink-0 font-medium text-slate-900">
                      {formatPercent(category.accuracy ?? 0)} <span className="font-normal text-slate-500">({category.correct}/{category.evaluated})</span>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <HowComputed>{data.accuracy_by_category.explanation}</HowComputed>
        </Card>

        <Card aria-labelledby="cities-title" data-testid="sales-by-city">
          <h2 id="cities-title" className="text-lg font-semibold text-slate-900">
            Ventes par ville
          </h2>
          {cities.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">Aucune vente enregistrée sur la période.</p>
          ) : (
            <>
              <div className="mt-4">
                <BarChart labels={cityLabels} values={cityValues} format={formatFcfa} label="Chiffre d'affaires par ville, en F CFA" />
              </div>
              <ul className="mt-3 divide-y divide-slate-100 text-sm">
                {cities.map((city) => (
                  <li key={city.city} className="flex justify-between gap-3 py-1.5">
                    <span className="min-w-0 truncate text-slate-700">
                      {city.city} <span className="text-slate-500">· {city.orders} commande{city.orders > 1 ? "s" : ""}</span>
                    </span>
                    <span className="shrink-0 font-medium text-slate-900">
                      {formatFcfa(city.revenue)}
                      {city.share !== null && <span className="font-normal text-slate-500"> ({formatPercent(city.share)})</span>}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm font-medium text-slate-900">Total : {formatFcfa(data.sales_by_city.total_revenue)}</p>
            </>
          )}
          <HowComputed>{data.sales_by_city.explanation}</HowComputed>
        </Card>
      </div>

      <div className="mt-6 max-w-xl">
        <SatisfactionCard satisfaction={data.satisfaction} />
      </div>

      <section className="mt-6" aria-labelledby="predictions-title">
        <h2 id="predictions-title" className="mb-3 text-lg font-semibold text-slate-900">
          Prévisions de l'IA
        </h2>
        {data.predictions_available ? (
          <ForecastSection />
        ) : (
          <Card data-testid="predictions-locked">
            <p className="text-sm text-slate-700">
              Les prévisions (analyses prédictives) sont incluses dans le plan Pro Business.{" "}
              <Link to={paths.dashboard.plans} className="font-semibold text-brand-700 underline">
                Voir les plans
              </Link>
            </p>
          </Card>
        )}
      </section>

      <div className="mt-6 max-w-xl">
        <LlmUsageCard />
      </div>
    </>
  );
}
