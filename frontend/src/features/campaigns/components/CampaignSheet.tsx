/** One campaign: its figures, what it brought back (replies, orders, revenue over 7 days), each
 * recipient's status with Meta's reason in French, and « Annuler » while it is only scheduled. */
import { Button } from "@/components/Button";
import { Sheet } from "@/components/Sheet";
import { Badge, ErrorState, LoadingSkeleton, LoadMore, type BadgeTone } from "@/components/states";
import { toast } from "@/components/toast";
import { getErrorMessage } from "@/lib/errors";
import { formatMoneyOrDash } from "../lib/format";
import { formatPhone } from "@/lib/phone";

import { useCampaign, useCancelCampaign, useRecipients } from "../api/campaigns";
import { fillTemplate } from "../lib/whatsapp";
import type { TemplateParameter } from "../types";
import { CampaignFigures, statusTones } from "./CampaignList";
import { WhatsAppBubble } from "./WhatsAppBubble";

const SOURCE_LABELS: Record<string, string> = { first_name: "[prénom]", last_product: "[dernier produit]", shop_name: "[boutique]" };

/** The template as sent: each variable named by what fills it, a typed text as typed. */
export const parameterLabel = (parameter: TemplateParameter) => SOURCE_LABELS[parameter.source] ?? parameter.text;

const recipientTones: Record<string, BadgeTone> = { read: "green", delivered: "blue", sent: "slate", failed: "red", skipped: "amber" };

function Recipients({ id }: { id: number }) {
  const recipients = useRecipients(id);
  if (recipients.isPending) return <LoadingSkeleton rows={3} />;
  if (recipients.isError) return <ErrorState error={recipients.error} onRetry={() => void recipients.refetch()} />;
  const rows = recipients.data.pages.flatMap((page) => page.results);
  if (rows.length === 0) return <p className="text-sm text-slate-500">Les destinataires sont choisis au moment de l'envoi.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {rows.map((row) => (
          <li key={row.id} data-testid="recipient" data-status={row.status} className="py-2.5 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{row.contact_name || formatPhone(row.whatsapp_number) || "Client"}</p>
                {row.contact_name && row.whatsapp_number && <p className="text-xs text-slate-500">{formatPhone(row.whatsapp_number)}</p>}
              </div>
              <Badge tone={recipientTones[row.status] ?? "slate"}>{row.status_label}</Badge>
            </div>
            {row.error && (
              <p className="mt-1 text-xs text-red-700" data-testid="recipient-error">
                {row.error}
              </p>
            )}
            {(row.replied || row.orders > 0) && (
              <p className="mt-1 text-xs text-emerald-700">
                {row.replied ? "A répondu" : ""}
                {row.replied && row.orders > 0 ? " · " : ""}
                {row.orders > 0 ? `${row.orders} commande${row.orders > 1 ? "s" : ""} (${formatMoneyOrDash(row.revenue)})` : ""}
              </p>
            )}
          </li>
        ))}
      </ul>
      <LoadMore hasMore={!!recipients.hasNextPage} loading={recipients.isFetchingNextPage} onClick={() => void recipients.fetchNextPage()} />
    </>
  );
}

export function CampaignSheet({ id, onClose }: { id: number; onClose: () => void }) {
  const campaign = useCampaign(id);
  const cancel = useCancelCampaign();
  const data = campaign.data;
  return (
    <Sheet title={data ? data.name : "Campagne"} onClose={onClose} testId="campaign-sheet">
      {campaign.isPending ? (
        <LoadingSkeleton rows={3} />
      ) : campaign.isError ? (
        <ErrorState error={campaign.error} onRetry={() => void campaign.refetch()} />
      ) : (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={statusTones[campaign.data.status] ?? "slate"}>{campaign.data.status_label}</Badge>
            <span className="text-xs text-slate-500">Modèle {campaign.data.template_name}</span>
          </div>
          <CampaignFigures campaign={campaign.data} />
          <dl className="grid grid-cols-3 gap-2 text-center text-sm" data-testid="campaign-outcome">
            <div className="rounded-lg bg-emerald-50 px-1 py-2">
              <dt className="text-xs text-emerald-800">Réponses</dt>
              <dd className="font-semibold text-emerald-950">{campaign.data.outcome.replies}</dd>
            </div>
            <div className="rounded-lg bg-emerald-50 px-1 py-2">
              <dt className="text-xs text-emerald-800">Commandes</dt>
              <dd className="font-semibold text-emerald-950">{campaign.data.outcome.orders}</dd>
            </div>
            <div className="rounded-lg bg-emerald-50 px-1 py-2">
              <dt className="text-xs text-emerald-800">Ventes</dt>
              <dd className="font-semibold break-words text-emerald-950">{formatMoneyOrDash(campaign.data.outcome.revenue)}</dd>
            </div>
          </dl>
          <p className="text-xs text-slate-500">Réponses et commandes des destinataires dans les 7 jours suivant l'envoi.</p>
          {campaign.data.template_body && <WhatsAppBubble text={fillTemplate(campaign.data.template_body, campaign.data.parameters.map(parameterLabel))} />}
          {campaign.data.status === "scheduled" && (
            <Button
              variant="danger"
              fullWidth
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(id, {
                  onSuccess: () => toast.success("Campagne annulée"),
                  onError: (error) => toast.error("Annulation impossible", getErrorMessage(error)),
                })
              }
            >
              Annuler la campagne
            </Button>
          )}
          <section aria-label="Destinataires">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Destinataires</h3>
            <Recipients id={id} />
          </section>
        </div>
      )}
    </Sheet>
  );
}
