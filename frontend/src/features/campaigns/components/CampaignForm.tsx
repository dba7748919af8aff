/**
 * « Nouvelle campagne »: the audience (who wrote or ordered, when, which product, zone, language,
 * inactivity), an approved template with its variables, the live count, cost and WhatsApp preview
 * (read from the server as the form changes), then send now or at a set time.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { SelectField, TextField } from "@/components/Field";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { formatDateTime, formatNumber, fromDateTimeLocal, toDateTimeLocal } from "@/lib/format";
import { normalizeError } from "@/lib/errors";
import { formatFcfa } from "@/lib/money";

import { useCampaignPreview, useCreateCampaign } from "../api/campaigns";
import type { Audience, CampaignOptions, CampaignTemplate, ParameterSource, TemplateChoice, TemplateParameter } from "../types";
import { WhatsAppBubble } from "./WhatsAppBubble";

const SOURCES: { value: ParameterSource; label: string }[] = [
  { value: "first_name", label: "Prénom du client" },
  { value: "last_product", label: "Dernier produit commandé" },
  { value: "shop_name", label: "Nom de la boutique" },
  { value: "text", label: "Texte libre" },
];

const EMPTY_AUDIENCE: Audience = { segment: "all", ordered_within_days: null, product_sku: "", zone: "", language: "", inactive_days: null };

export const templateKey = (template: Pick<CampaignTemplate, "name" | "language">) => `${template.name}|${template.language}`;

/** {{1}} the first name, {{2}} the last product, the others a text to type. */
export function defaultParameters(count: number): TemplateParameter[] {
  return Array.from({ length: count }, (_, index) => ({ source: index === 0 ? "first_name" : index === 1 ? "last_product" : "text", text: "" }));
}

const days = (value: string): number | null => (value.trim() === "" ? null : Number(value));

/** The value settles for 400 ms before the server is asked (typing a number of days asks once). */
function useSettled<T>(value: T, delay = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function PlanLimit({ error }: { error: unknown }) {
  const normalized = normalizeError(error);
  return (
    <Alert className="mt-4" title="Envoi impossible">
      <span data-testid="campaign-error">{normalized.message}</span>
      {normalized.error === "plan_limit_reached" && (
        <>
          {" "}
          <Link to={paths.dashboard.plans} className="font-semibold underline">
            Voir les offres
          </Link>
        </>
      )}
    </Alert>
  );
}

interface Props {
  templates: CampaignTemplate[];
  options: CampaignOptions;
  onCreated: (id: number) => void;
}

export function CampaignForm({ templates, options, onCreated }: Props) {
  const [name, setName] = useState("");
  const [audience, setAudience] = useState<Audience>(EMPTY_AUDIENCE);
  const [orderedWithin, setOrderedWithin] = useState("");
  const [inactive, setInactive] = useState("");
  const [templateId, setTemplateId] = useState(templates[0] ? templateKey(templates[0]) : "");
  const template = templates.find((t) => templateKey(t) === templateId);
  const [parameters, setParameters] = useState<TemplateParameter[]>(defaultParameters(template?.variables ?? 0));
  const [when, setWhen] = useState<"now" | "later">("now");
  const [scheduledAt, setScheduledAt] = useState(() => toDateTimeLocal(new Date(Date.now() + 24 * 3600_000)));
  const create = useCreateCampaign();

  const set = <K extends keyof Audience>(key: K, value: Audience[K]) => setAudience((current) => ({ ...current, [key]: value }));
  const fullAudience: Audience = { ...audience, ordered_within_days: days(orderedWithin), inactive_days: days(inactive) };
  const choice: TemplateChoice | null = template
    ? { audience: fullAudience, template_name: template.name, template_language: template.language, parameters }
    : null;
  const settled = useSettled(choice);
  const preview = useCampaignPreview(settled);
  const fieldErrors = create.isError ? (normalizeError(create.error).errors ?? {}) : {};

  const pickTemplate = (id: string) => {
    setTemplateId(id);
    setParameters(defaultParameters(templates.find((t) => templateKey(t) === id)?.variables ?? 0));
  };
  const setParameter = (index: number, change: Partial<TemplateParameter>) =>
    setParameters((current) => current.map((parameter, i) => (i === index ? { ...parameter, ...change } : parameter)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    const scheduled = when === "later" ? fromDateTimeLocal(scheduledAt) : null;
    create.mutate(
      { ...choice, name: name.trim(), scheduled_at: scheduled },
      {
        onSuccess: (campaign) => {
          toast.success(
            campaign.status === "scheduled" ? "Campagne programmée" : "Campagne en cours d'envoi",
            campaign.status === "scheduled" ? `Envoi prévu le ${formatDateTime(campaign.scheduled_at)}.` : `${campaign.recipient_count} clients.`,
          );
          setName("");
          onCreated(campaign.id);
        },
      },
    );
  };

  const data = preview.data;
  return (
    <form onSubmit={submit} noValidate data-testid="campaign-form" className="space-y-5">
      <TextField
        label="Nom de la campagne"
        value={name}
        maxLength={120}
        placeholder="Promo de la semaine"
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name?.[0]}
        required
      />

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Audience</legend>
        <SelectField label="Clients" value={audience.segment} onChange={(event) => set("segment", event.target.value as Audience["segment"])}>
          <option value="all">Tous ceux qui vous ont écrit</option>
          <option value="ordered">Les clients qui ont commandé</option>
        </SelectField>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Commande dans les derniers (jours)"
            inputMode="numeric"
            type="number"
            min={1}
            value={orderedWithin}
            onChange={(event) => setOrderedWithin(event.target.value)}
            optional
          />
          <TextField
            label="Sans message depuis (jours)"
            inputMode="numeric"
            type="number"
            min={1}
            value={inactive}
            onChange={(event) => setInactive(event.target.value)}
            optional
          />
          <SelectField label="Produit commandé" value={audience.product_sku} onChange={(event) => set("product_sku", event.target.value)}>
            <option value="">Tous les produits</option>
            {options.products.map((product) => (
              <option key={product.sku} value={product.sku}>
                {product.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Zone ou commune" value={audience.zone} onChange={(event) => set("zone", event.target.value)}>
            <option value="">Toutes les zones</option>
            {options.zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
          <SelectField label="Langue" value={audience.language} onChange={(event) => set("language", event.target.value as Audience["language"])}>
            <option value="">Toutes</option>
            <option value="fr">Français</option>
            <option value="en">Anglais</option>
          </SelectField>
        </div>
        <p className="text-xs text-slate-500">Les clients qui ont répondu « STOP » ne reçoivent jamais de campagne.</p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Message</legend>
        <SelectField
          label="Modèle approuvé par WhatsApp"
          value={templateId}
          onChange={(event) => pickTemplate(event.target.value)}
          error={fieldErrors.template_name?.[0]}
        >
          {templates.map((t) => (
            <option key={templateKey(t)} value={templateKey(t)}>
              {t.name} ({t.language})
            </option>
          ))}
        </SelectField>
        {parameters.map((parameter, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-2">
            <SelectField
              label={`Variable {{${index + 1}}}`}
              value={parameter.source}
              onChange={(event) => setParameter(index, { source: event.target.value as ParameterSource })}
            >
              {SOURCES.map((source) => (
                <option key={source.value} value={source.value}>
                  {source.label}
                </option>
              ))}
            </SelectField>
            {parameter.source === "text" && (
              <TextField
                label={`Texte de la variable {{${index + 1}}}`}
                value={parameter.text}
                maxLength={200}
                onChange={(event) => setParameter(index, { text: event.target.value })}
                error={fieldErrors[`parameters[${index}].text`]?.[0]}
              />
            )}
          </div>
        ))}
      </fieldset>

      <section aria-label="Aperçu" className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        {preview.isError ? (
          <Alert>{normalizeError(preview.error).message}</Alert>
        ) : !data ? (
          <p className="text-sm text-slate-500">Calcul de l'audience…</p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-slate-500">Destinataires</dt>
                <dd className="text-lg font-semibold text-slate-900" data-testid="audience-count">
                  {data.count} client{data.count > 1 ? "s" : ""}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Coût estimé</dt>
                <dd className="text-lg font-semibold text-slate-900" data-testid="audience-cost">
                  {formatFcfa(data.estimated_cost)}
                </dd>
              </div>
            </dl>
            <p className="text-xs text-slate-500">
              Tarif Meta pour la Côte d'Ivoire : {formatNumber(Number(data.price_per_message), 2)}&nbsp;F CFA par message{" "}
              {data.category === "MARKETING" ? "marketing " : ""}distribué. Aperçu pour {data.example_name} :
            </p>
            <WhatsAppBubble text={data.body} />
          </>
        )}
      </section>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Envoi</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="when" checked={when === "now"} onChange={() => setWhen("now")} className="h-4 w-4" />
            Maintenant
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="when" checked={when === "later"} onChange={() => setWhen("later")} className="h-4 w-4" />
            Programmer
          </label>
        </div>
        {when === "later" && (
          <TextField
            label="Date et heure d'envoi (heure d'Abidjan)"
            type="datetime-local"
            value={scheduledAt}
            onChange={(event) => setScheduledAt(event.target.value)}
            error={fieldErrors.scheduled_at?.[0]}
          />
        )}
      </fieldset>

      {create.isError && <PlanLimit error={create.error} />}
      <Button type="submit" fullWidth loading={create.isPending} disabled={!choice || !name.trim() || (when === "later" && !scheduledAt)}>
        {when === "later" ? "Programmer la campagne" : "Envoyer la campagne"}
      </Button>
    </form>
  );
}
