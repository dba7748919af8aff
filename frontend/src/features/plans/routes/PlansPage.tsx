/** Abonnement: the plans as sold (from the server's catalogue) and « Passer à Pro », which opens the
 * payment provider's page; back here with ?paiement=retour the page says the plan changes once the
 * provider has confirmed, and reads the plans again. */
import { Check, Minus } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { Badge, Card, ErrorState, LoadingSkeleton, PageHeader } from "@/components/states";
import { campaignOptionsQueryOptions } from "@/features/campaigns";
import { getErrorMessage } from "@/lib/errors";

import { usePlans } from "../api/get-plans";
import { useStartUpgrade } from "../api/start-upgrade";
import type { PlanOffer } from "../types";

const numberFormat = new Intl.NumberFormat("fr-FR");

function conversations(limit: number): string {
  return limit < 0 ? "Conversations illimitées" : `${numberFormat.format(limit)} conversations/mois`;
}

/** The plan's campaign messages a month (issue 29): none on the free plan, so no line at all. */
export function campaignLine(cap: number | undefined): string | null {
  if (cap === undefined || cap === 0) return null;
  return cap < 0 ? "Campagnes illimitées" : `${numberFormat.format(cap)} messages de campagne / mois`;
}

function PlanCard({ plan, campaignCap, onUpgrade, pending }: { plan: PlanOffer; campaignCap?: number; onUpgrade: (code: string) => void; pending: boolean }) {
  const shortName = plan.name.split(" ")[0];
  const campaigns = campaignLine(campaignCap);
  const features = [
    { label: conversations(plan.conversation_limit), on: true },
    ...(campaigns ? [{ label: campaigns, on: true }] : []),
    { label: "Statistiques", on: plan.can_access_analytics },
    { label: "Prévisions (analyses prédictives)", on: plan.can_access_predictions },
    { label: "Fonctionnalités avancées", on: plan.can_use_advanced_features },
  ];
  return (
    <Card className="flex flex-col" data-testid={`plan-${plan.code}`} aria-labelledby={`plan-${plan.code}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`plan-${plan.code}-title`} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
        {plan.current && <Badge tone="green">Plan actuel</Badge>}
      </div>
      <p className="mt-2 text-slate-700">
        <span className="text-2xl font-bold text-slate-900">{plan.price_label}</span>
        {plan.price !== null && plan.price > 0 && <span className="text-sm"> / mois</span>}
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {features.map((feature) => (
          <li key={feature.label} className={feature.on ? "flex items-center gap-2 text-slate-800" : "flex items-center gap-2 text-slate-400"}>
            {feature.on ? <Check aria-hidden="true" className="h-4 w-4 text-brand-600" /> : <Minus aria-hidden="true" className="h-4 w-4" />}
            <span>
              {feature.label}
              {!feature.on && <span className="sr-only"> (non inclus)</span>}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-5">
        {plan.payable ? (
          <Button fullWidth loading={pending} onClick={() => onUpgrade(plan.code)}>
            Passer à {shortName}
          </Button>
        ) : plan.price === null ? (
          <a className="text-sm font-semibold text-brand-700 underline" href="mailto:support@flux-ia.ci?subject=Plan%20Entreprise">
            Nous contacter
          </a>
        ) : null}
      </div>
    </Card>
  );
}

export default function PlansPage() {
  const plans = usePlans();
  const campaignCaps = useQuery({ ...campaignOptionsQueryOptions(), select: (options) => options.plan_caps });
  const upgrade = useStartUpgrade();
  const [params] = useSearchParams();
  const returned = params.get("paiement") === "retour";

  useEffect(() => {
    if (upgrade.isError) toast.error("Paiement impossible", getErrorMessage(upgrade.error));
  }, [upgrade.isError, upgrade.error]);

  const onUpgrade = (code: string) =>
    upgrade.mutate(code, {
      onSuccess: (started) => window.location.assign(started.payment_url),
    });

  return (
    <>
      <PageHeader title="Abonnement" description="Choisissez la formule qui suit votre activité. Paiement par Wave, Orange Money, MTN MoMo ou Moov Money." />
      {returned && (
        <Alert tone="info" className="mb-6" title="Paiement en cours de vérification">
          Votre plan change dès que le prestataire de paiement nous confirme le paiement ; un reçu vous est envoyé par e-mail.
        </Alert>
      )}
      {plans.isPending ? (
        <LoadingSkeleton rows={3} />
      ) : plans.isError ? (
        <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {plans.data.map((plan) => (
            <PlanCard key={plan.code} plan={plan} campaignCap={campaignCaps.data?.[plan.code]} onUpgrade={onUpgrade} pending={upgrade.isPending && upgrade.variables === plan.code} />
          ))}
        </div>
      )}
    </>
  );
}
