/** « Satisfaction des clients » on Statistiques: CSAT (share of 4–5 ratings), count and average, per driver. */
import { Info, Star } from "lucide-react";

import { Card } from "@/components/states";
import { formatNumber } from "@/lib/format";

import type { Satisfaction } from "../types";

const percent = (value: number | null) => (value === null ? "—" : `${formatNumber(value, 1)}\u00a0%`);
const average = (value: number | null) => (value === null ? "—" : `${formatNumber(value, 1)}/5`);
const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? "s" : ""}`;

export function SatisfactionCard({ satisfaction }: { satisfaction: Satisfaction }) {
  return (
    <Card aria-labelledby="satisfaction-title" data-testid="satisfaction">
      <h2 id="satisfaction-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Star aria-hidden="true" className="h-5 w-5 text-amber-500" />
        Satisfaction des clients
      </h2>
      {satisfaction.ratings === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          Aucune note reçue sur la période. Une heure après chaque livraison, le client est invité sur WhatsApp à noter sa
          livraison de 1 à 5.
        </p>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-3 gap-3">
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">Clients satisfaits</dt>
              <dd className="text-2xl font-bold text-slate-900" data-testid="csat">
                {percent(satisfaction.csat)}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">Note moyenne</dt>
              <dd className="text-2xl font-bold text-slate-900">{average(satisfaction.average)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">Notes</dt>
              <dd className="text-2xl font-bold text-slate-900">{formatNumber(satisfaction.ratings)}</dd>
            </div>
          </dl>
          {satisfaction.drivers.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-slate-900">Par livreur</h3>
              <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Satisfaction par livreur">
                {satisfaction.drivers.map((driver) => (
                  <li key={driver.driver_id} className="flex justify-between gap-3 py-1.5">
                    <span className="min-w-0 truncate text-slate-700">
                      {driver.name} <span className="text-slate-500">· {plural(driver.ratings, "note")}</span>
                    </span>
                    <span className="shrink-0 font-medium text-slate-900">
                      {percent(driver.csat)} <span className="font-normal text-slate-500">({average(driver.average)})</span>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <p className="mt-2 flex items-start gap-1.5 text-xs text-slate-500">
        <Info aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
        <span>{satisfaction.explanation}</span>
      </p>
    </Card>
  );
}
