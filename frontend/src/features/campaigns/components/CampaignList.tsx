/** « Vos campagnes »: each campaign's status and figures; « Détails » opens its recipients. */
import { Megaphone } from "lucide-react";

import { Badge, EmptyState, ErrorState, LoadingSkeleton, LoadMore, type BadgeTone } from "@/components/states";
import { formatDateTime } from "@/lib/format";
import { formatFcfa } from "@/lib/money";

import { useCampaigns } from "../api/campaigns";
import type { Campaign } from "../types";

export const statusTones: Record<string, BadgeTone> = { scheduled: "blue", sending: "amber", sent: "green", cancelled: "slate" };

function when(campaign: Campaign): string {
  if (campaign.status === "scheduled") return `Prévue le ${formatDateTime(campaign.scheduled_at)}`;
  if (campaign.status === "cancelled") return `Annulée`;
  return `Envoyée le ${formatDateTime(campaign.started_at ?? campaign.scheduled_at)}`;
}

export function CampaignFigures({ campaign }: { campaign: Campaign }) {
  const figures = [
    ["Destinataires", campaign.recipient_count],
    ["Envoyés", campaign.sent_count],
    ["Distribués", campaign.delivered_count],
    ["Lus", campaign.read_count],
    ["Échecs", campaign.failed_count],
  ] as const;
  return (
    <dl className="mt-3 grid grid-cols-3 gap-2 text-center sm:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-50 px-1 py-2">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-semibold text-slate-900" data-testid={`figure-${label}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CampaignList({ onOpen }: { onOpen: (id: number) => void }) {
  const campaigns = useCampaigns();
  if (campaigns.isPending) return <LoadingSkeleton rows={2} />;
  if (campaigns.isError) return <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  const rows = campaigns.data.pages.flatMap((page) => page.results);
  if (rows.length === 0)
    return (
      <EmptyState icon={Megaphone} title="Aucune campagne pour l'instant">
        Vos campagnes apparaîtront ici avec le statut de chaque message et les commandes qu'elles ont rapportées.
      </EmptyState>
    );
  return (
    <>
      <ul className="space-y-3">
        {rows.map((campaign) => (
          <li key={campaign.id} data-testid="campaign" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-slate-900">{campaign.name}</h3>
                <p className="text-xs text-slate-500">
                  {when(campaign)} · {campaign.template_name} · {formatFcfa(campaign.estimated_cost)} estimés
                </p>
              </div>
              <Badge tone={statusTones[campaign.status] ?? "slate"}>
                <span data-testid="campaign-status">{campaign.status_label}</span>
              </Badge>
            </div>
            <CampaignFigures campaign={campaign} />
            <button type="button" onClick={() => onOpen(campaign.id)} className="mt-3 min-h-11 text-sm font-semibold text-brand-700 hover:underline">
              Détails de « {campaign.name} »
            </button>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={!!campaigns.hasNextPage} loading={campaigns.isFetchingNextPage} onClick={() => void campaigns.fetchNextPage()} />
    </>
  );
}
