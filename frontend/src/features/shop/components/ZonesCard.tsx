/** Delivery zones: a table on a wide screen, cards on a phone; add, edit (sheet) and delete. */
import { MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { Badge, EmptyState } from "@/components/states";
import { formatFcfa } from "@/lib/money";
import { getErrorMessage } from "@/lib/errors";

import { useDeleteZone } from "../api/delete-zone";
import { VEHICLE_LABELS, formatEta } from "../lib/labels";
import type { Zone } from "../types";
import { SectionCard } from "./ProfileCards";
import { ZoneSheet } from "./ZoneSheet";

const money = (value: number | null) => (value === null ? "—" : formatFcfa(value));

export function ZonesCard({ zones }: { zones: Zone[] }) {
  const [editing, setEditing] = useState<Zone | "new" | null>(null);
  const remove = useDeleteZone();
  const onDelete = (zone: Zone) => {
    if (!window.confirm(`Supprimer la zone « ${zone.name} » ?`)) return;
    remove.mutate(zone.id, {
      onSuccess: () => toast.success("Zone supprimée", zone.name),
      onError: (error) => toast.error("Suppression impossible", getErrorMessage(error)),
    });
  };
  const actions = (zone: Zone) => (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" onClick={() => setEditing(zone)} aria-label={`Modifier la zone ${zone.name}`}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </Button>
      <Button variant="ghost" onClick={() => onDelete(zone)} aria-label={`Supprimer la zone ${zone.name}`}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </Button>
    </div>
  );
  const served = (zone: Zone) => (zone.served ? <Badge tone="green">Desservie</Badge> : <Badge tone="red">Non desservie</Badge>);

  return (
    <SectionCard
      id="shop-zones"
      title="Zones de livraison"
      description="Depuis décembre 2025, les motos ne traversent plus les ponts de la lagune : l'autre rive se livre en voiture."
    >
      <div className="mb-3 flex justify-end">
        <Button variant="secondary" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Ajouter une zone
        </Button>
      </div>
      {zones.length === 0 ? (
        <EmptyState icon={MapPin} title="Aucune zone de livraison">
          Indiquez les communes que vous livrez, avec les frais, le véhicule et le délai, et nommez celles que vous ne livrez
          pas : l'assistant saura quoi répondre.
        </EmptyState>
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm" data-testid="zones-table">
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">Zone</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Livraison</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Frais</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Véhicule</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Délai</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Minimum</th>
                  <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {zones.map((zone) => (
                  <tr key={zone.id} data-testid="zone-row" data-zone={zone.name}>
                    <td className="py-2 pr-3">
                      <p className="font-medium text-slate-900">{zone.name}</p>
                      {zone.areas.length > 0 && <p className="max-w-xs truncate text-xs text-slate-500">{zone.areas.join(", ")}</p>}
                    </td>
                    <td className="py-2 pr-3">{served(zone)}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap" data-testid="zone-fee">{money(zone.fee)}</td>
                    <td className="py-2 pr-3">{zone.vehicle ? VEHICLE_LABELS[zone.vehicle] : "—"}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatEta(zone.eta_minutes)}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap">{zone.min_order ? money(zone.min_order) : "—"}</td>
                    <td className="py-2">{actions(zone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" data-testid="zones-list">
            {zones.map((zone) => (
              <li key={zone.id} className="rounded-lg p-3 ring-1 ring-slate-200" data-testid="zone-card" data-zone={zone.name}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{zone.name}</p>
                    {zone.areas.length > 0 && <p className="text-xs break-words text-slate-500">{zone.areas.join(", ")}</p>}
                  </div>
                  {served(zone)}
                </div>
                {zone.served && (
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-500">Frais</dt>
                    <dd className="text-right font-medium text-slate-900" data-testid="zone-fee">{money(zone.fee)}</dd>
                    <dt className="text-slate-500">Véhicule</dt>
                    <dd className="text-right">{zone.vehicle ? VEHICLE_LABELS[zone.vehicle] : "—"}</dd>
                    <dt className="text-slate-500">Délai</dt>
                    <dd className="text-right">{formatEta(zone.eta_minutes)}</dd>
                    <dt className="text-slate-500">Minimum</dt>
                    <dd className="text-right">{zone.min_order ? money(zone.min_order) : "—"}</dd>
                  </dl>
                )}
                <div className="mt-1">{actions(zone)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      {editing && <ZoneSheet zone={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </SectionCard>
  );
}
