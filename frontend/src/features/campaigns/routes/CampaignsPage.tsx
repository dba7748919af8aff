/**
 * Campagnes: a new campaign (audience, approved template, live count, cost and WhatsApp preview,
 * now or scheduled), the campaigns with each recipient's status and what they brought back, and
 * the automatic follow-ups. The free plan gets the plan's message and a link to the plans page.
 */
import { useState } from "react";
import { Link } from "react-router-dom";

import { Alert } from "@/components/Alert";
import { ConnectWhatsAppLink } from "@/components/ConnectWhatsAppLink";
import { Card, ErrorState, LoadingSkeleton, PageHeader } from "@/components/states";
import { paths } from "@/config/paths";
import { normalizeError } from "@/lib/errors";
import { formatNumber } from "@/lib/format";

import { useCampaignOptions, useCampaignTemplates } from "../api/campaigns";
import { CampaignForm } from "../components/CampaignForm";
import { CampaignList } from "../components/CampaignList";
import { CampaignSheet } from "../components/CampaignSheet";
import { FollowUpSettings } from "../components/FollowUpSettings";
import type { CampaignOptions } from "../types";

const NOT_CONNECTED = "WhatsApp n'est pas connecté : connectez votre numéro depuis le tableau de bord.";

export const FREE_PLAN_TEXT = "Les campagnes font partie des offres payantes : passez à l'offre Starter ou Pro pour en envoyer.";

function Usage({ options }: { options: CampaignOptions }) {
  if (options.cap === 0)
    return (
      <Alert tone="info" className="mb-6" title="Offre gratuite">
        {FREE_PLAN_TEXT}{" "}
        <Link to={paths.dashboard.plans} className="font-semibold underline">
          Voir les offres
        </Link>
      </Alert>
    );
  return (
    <p className="mb-4 text-sm text-slate-600" data-testid="campaign-usage">
      Ce mois-ci : {formatNumber(options.used)} message{options.used > 1 ? "s" : ""} de campagne
      {options.cap > 0 ? ` sur ${formatNumber(options.cap)}` : " (illimité)"}.
    </p>
  );
}

function NewCampaign({ options }: { options: CampaignOptions }) {
  const templates = useCampaignTemplates(options.whatsapp_connected);
  const [open, setOpen] = useState<number | null>(null);
  let form;
  if (!options.whatsapp_connected)
    form = (
      <div className="space-y-3">
        <Alert tone="info">{NOT_CONNECTED}</Alert>
        <ConnectWhatsAppLink />
      </div>
    );
  else if (templates.isPending) form = <LoadingSkeleton rows={4} />;
  else if (templates.isError) {
    const error = normalizeError(templates.error);
    form =
      error.error === "whatsapp_not_connected" ? (
        <div className="space-y-3">
          <Alert tone="info">{error.message}</Alert>
          <ConnectWhatsAppLink />
        </div>
      ) : (
        <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
      );
  } else if (templates.data.length === 0)
    form = (
      <Alert tone="info" title="Aucun modèle approuvé">
        Créez un modèle marketing dans WhatsApp Manager ; il apparaît ici dès que Meta l'a approuvé.
      </Alert>
    );
  else form = <CampaignForm templates={templates.data} options={options} onCreated={setOpen} />;

  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="new-campaign">
          <h2 id="new-campaign" className="mb-4 text-lg font-semibold text-slate-900">
            Nouvelle campagne
          </h2>
          {form}
        </Card>
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="campaigns-list">
            <h2 id="campaigns-list" className="mb-3 text-lg font-semibold text-slate-900">
              Vos campagnes
            </h2>
            <CampaignList onOpen={setOpen} />
          </section>
          <Card aria-labelledby="follow-ups">
            <h2 id="follow-ups" className="text-lg font-semibold text-slate-900">
              Relances automatiques
            </h2>
            <FollowUpSettings templates={templates.data ?? []} />
          </Card>
        </div>
      </div>
      {open !== null && <CampaignSheet id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export default function CampaignsPage() {
  const options = useCampaignOptions();
  return (
    <>
      <PageHeader title="Campagnes" description="Envoyez un modèle approuvé par WhatsApp à vos clients, maintenant ou à l'heure choisie." />
      {options.isPending ? (
        <LoadingSkeleton rows={4} />
      ) : options.isError ? (
        <ErrorState error={options.error} onRetry={() => void options.refetch()} />
      ) : (
        <>
          <Usage options={options.data} />
          <NewCampaign options={options.data} />
        </>
      )}
    </>
  );
}
