/**
 * The forecasts of the Statistiques page (plans with « Analyses prédictives »): restock alerts,
 * demand per product with its range and week, the shop total, busy hours, late regulars. Each card
 * says what it stands on and its error measured on the past; with too little history, no number.
 */
import { AlertTriangle, Info } from "lucide-react";
import { Link } from "react-router-dom";

import { Card, ErrorState, Skeleton } from "@/components/states";
import { paths } from "@/config/paths";
import { formatNumber } from "@/lib/format";
import { formatFcfa } from "@/lib/money";
import { cn } from "@/lib/cn";

import { useForecast } from "../api/get-forecast";
import type { ForecastCard, ForecastData, ForecastTotals, ProductForecast, RestockAlert } from "../types";

const DAYS = ["Lun", "Mar", "Mer", "Jeu", "Ven", "Sam", "Dim"];

function Honesty({ card }: { card: ForecastCard }) {
  return (
    <div data-testid="forecast-honesty" className="mt-2 space-y-1 text-xs text-slate-500">
      <p className="flex items-start gap-1.5">
        <Info aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
        <span>Basée sur {card.basis}.</span>
      </p>
      {card.backtest && <p>{card.backtest.sentence}</p>}
    </div>
  );
}

function Missing({ card }: { card: ForecastCard }) {
  return (
    <p data-testid="forecast-missing" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      Pas assez d'historique pour une prévision fiable. {card.missing}
    </p>
  );
}

function Week({ card, money }: { card: ForecastCard; money?: boolean }) {
  const week = card.week ?? [];
  const max = Math.max(...week.map((day) => day.value), 0) || 1;
  return (
    <ol className="mt-3 flex h-16 items-end gap-1" aria-label="Prévision jour par jour des 7 prochains jours">
      {week.map((day) => (
        <li key={day.date} className="flex min-w-0 flex-1 flex-col items-center gap-1">
          <span
            className="w-full rounded-t bg-brand-500"
            style={{ height: `${Math.max(4, (day.value / max) * 44)}px` }}
            title={`${day.day} : ${money ? formatFcfa(day.value) : formatNumber(day.value, 1)}`}
          />
          <span className="text-[10px] text-slate-500">{day.day.slice(0, 3)}</span>
        </li>
      ))}
    </ol>
  );
}

function ProductHorizon({ label, totals, unit }: { label: string; totals: ForecastTotals; unit?: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">
        {formatNumber(totals.units ?? 0)} {unit || "unités"}
      </dd>
      <dd className="text-xs text-slate-500">
        entre {totals.low} et {totals.high} · {formatFcfa(totals.revenue ?? 0)}
      </dd>
    </div>
  );
}

function ProductCard({ product }: { product: ProductForecast }) {
  const ok = product.status === "ok" && product.next_7 && product.next_30;
  return (
    <li className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="forecast-product">
      <p className="font-semibold break-words text-slate-900">{product.name}</p>
      {ok ? (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
            <ProductHorizon label="7 prochains jours" totals={product.next_7!} unit={product.unit} />
            <ProductHorizon label="30 prochains jours" totals={product.next_30!} unit={product.unit} />
          </dl>
          <Week card={product} />
          <Honesty card={product} />
        </>
      ) : (
        <>
          <p data-testid="forecast-missing" className="mt-2 text-sm text-slate-600">
            {product.missing}
          </p>
          <p className="mt-1 text-xs text-slate-500">{product.basis}</p>
        </>
      )}
    </li>
  );
}

function RestockAlerts({ alerts }: { alerts: RestockAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <Card data-testid="restock-alerts" aria-labelledby="restock-title" className="mb-6 border-l-4 border-amber-500">
      <h3 id="restock-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <AlertTriangle aria-hidden="true" className="h-5 w-5 text-amber-600" /> Réapprovisionnement
      </h3>
      <ul className="mt-2 space-y-2 text-sm">
        {alerts.map((alert) => (
          <li key={alert.product_id} data-testid="restock-alert" className="text-slate-800">
            <span className="font-medium">{alert.message}.</span>{" "}
            <span className="text-slate-500">
              Stock : {alert.stock_quantity} {alert.unit} · environ {formatNumber(alert.expected_7_days)} vendus en 7 jours.
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function HeatMap({ heatmap }: { heatmap: ForecastData["heatmap"] }) {
  const max = heatmap.max || 1;
  const hours = Array.from({ length: 16 }, (_, index) => index + 7); // 7 h - 22 h, the shop's day
  return (
    <Card data-testid="heatmap" aria-labelledby="heatmap-title">
      <h3 id="heatmap-title" className="font-semibold text-slate-900">
        Heures chargées
      </h3>
      <div className="mt-3 overflow-x-auto" data-scroll-x>
        <table className="border-separate border-spacing-0.5 text-[10px]" aria-label="Messages de clients et commandes par jour et par heure">
          <thead>
            <tr>
              <th scope="col" />
              {hours.map((hour) => (
                <th key={hour} scope="col" className="font-normal text-slate-500">
                  {hour}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {heatmap.cells.map((row, day) => (
              <tr key={DAYS[day]}>
                <th scope="row" className="pr-1 text-left font-normal text-slate-600">
                  {DAYS[day]}
                </th>
                {hours.map((hour) => {
                  const value = row[hour] ?? 0;
                  return (
                    <td
                      key={hour}
                      data-testid="heat-cell"
                      title={`${DAYS[day]} ${hour} h : ${value}`}
                      className={cn("h-4 w-4 rounded-sm", value === 0 && "bg-slate-100")}
                      style={value ? { backgroundColor: `rgba(22, 163, 74, ${0.15 + 0.85 * (value / max)})` } : undefined}
                    >
                      <span className="sr-only">{value}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">{heatmap.basis}</p>
      {heatmap.missing ? (
        <p className="mt-2 text-sm text-slate-600">{heatmap.missing}</p>
      ) : (
        <div className="mt-3 text-sm" data-testid="busiest-slots">
          <p className="font-medium text-slate-900">Créneaux les plus chargés la semaine prochaine</p>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {heatmap.busiest.map((slot) => (
              <li key={slot.label}>
                {slot.label} : environ {formatNumber(slot.expected, 1)} messages et commandes
              </li>
            ))}
          </ul>
          {heatmap.backtest && <p className="mt-1 text-xs text-slate-500">{heatmap.backtest.sentence}</p>}
        </div>
      )}
    </Card>
  );
}

function LateCustomers({ customers }: { customers: ForecastData["customers"] }) {
  return (
    <Card data-testid="late-customers" aria-labelledby="late-title">
      <h3 id="late-title" className="font-semibold text-slate-900">
        Clients réguliers en retard
      </h3>
      <p className="mt-1 text-sm text-slate-700">{customers.headline}</p>
      {customers.late.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {customers.late.slice(0, 12).map((customer) => (
            <li key={customer.phone} className="flex flex-wrap items-baseline justify-between gap-2 py-1.5">
              <span className="min-w-0 break-words text-slate-800">
                {customer.name} <span className="text-slate-500">· {customer.rhythm}, rien depuis {customer.days_since} jours</span>
              </span>
              {customer.conversation_id ? (
                <Link
                  to={`${paths.dashboard.conversations}?conversation=${customer.conversation_id}`}
                  className="shrink-0 font-semibold text-brand-700 underline"
                >
                  Ouvrir la conversation
                </Link>
              ) : (
                <span className="shrink-0 text-slate-500">{customer.phone}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-500">{customers.basis}</p>
    </Card>
  );
}

export function ForecastSection() {
  const forecast = useForecast();
  if (forecast.isPending) return <Skeleton className="h-64" />;
  if (forecast.isError) return <ErrorState error={forecast.error} onRetry={() => void forecast.refetch()} />;
  const page = forecast.data;
  if (!page.available || !page.data) {
    return (
      <Card data-testid="forecast-pending">
        <p className="text-sm text-slate-700">{page.message}</p>
      </Card>
    );
  }
  const data = page.data;
  const total = data.total;
  return (
    <div data-testid="forecast">
      <RestockAlerts alerts={page.restock} />
      <Card data-testid="forecast-total" aria-labelledby="forecast-total-title" className="mb-6">
        <h3 id="forecast-total-title" className="font-semibold text-slate-900">
          Chiffre d'affaires prévu de la boutique
        </h3>
        {total.status === "ok" && total.next_7 && total.next_30 ? (
          <>
            <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">7 prochains jours</dt>
                <dd className="text-xl font-bold text-slate-900">{formatFcfa(total.next_7.revenue ?? 0)}</dd>
                <dd className="text-xs text-slate-500">
                  entre {formatFcfa(total.next_7.revenue_low ?? 0)} et {formatFcfa(total.next_7.revenue_high ?? 0)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">30 prochains jours</dt>
                <dd className="text-xl font-bold text-slate-900">{formatFcfa(total.next_30.revenue ?? 0)}</dd>
                <dd className="text-xs text-slate-500">
                  entre {formatFcfa(total.next_30.revenue_low ?? 0)} et {formatFcfa(total.next_30.revenue_high ?? 0)}
                </dd>
              </div>
            </dl>
            <Week card={total} money />
            <Honesty card={total} />
          </>
        ) : (
          <Missing card={total} />
        )}
      </Card>
      <h3 className="mb-2 font-semibold text-slate-900">Demande par produit</h3>
      <p className="mb-3 text-xs text-slate-500">Les fourchettes couvrent 8 chances sur 10.</p>
      <ul className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {data.products.map((product) => (
          <ProductCard key={product.sku} product={product} />
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-2">
        <HeatMap heatmap={data.heatmap} />
        <LateCustomers customers={data.customers} />
      </div>
    </div>
  );
}

/** The home page's card (plans with predictions): the week ahead, the first restock alerts, late regulars. */
export function ForecastHomeCard() {
  const forecast = useForecast();
  const page = forecast.data;
  if (forecast.isError || !page?.available || !page.data) return null;
  const total = page.data.total;
  return (
    <Card data-testid="forecast-home" aria-labelledby="forecast-home-title" className="mt-6">
      <h2 id="forecast-home-title" className="text-lg font-semibold text-slate-900">
        Prévisions de la semaine
      </h2>
      {total.status === "ok" && total.next_7 ? (
        <p className="mt-1 text-sm text-slate-700">
          Chiffre d'affaires attendu sur 7 jours : <strong>{formatFcfa(total.next_7.revenue ?? 0)}</strong> (entre{" "}
          {formatFcfa(total.next_7.revenue_low ?? 0)} et {formatFcfa(total.next_7.revenue_high ?? 0)}).
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{total.missing}</p>
      )}
      {page.restock.slice(0, 2).map((alert) => (
        <p key={alert.product_id} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-amber-800">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> {alert.message}.
        </p>
      ))}
      {page.data.customers.count > 0 && <p className="mt-2 text-sm text-slate-700">{page.data.customers.headline}</p>}
      <Link to={paths.dashboard.analytics} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
        Voir les prévisions
      </Link>
    </Card>
  );
}
