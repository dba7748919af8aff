/** « Relances automatiques » (both off by default) and Meta's messaging tier the sending honours. */
import { useEffect, useState } from "react";

import { Alert } from "@/components/Alert";
import { SelectField, TextField } from "@/components/Field";
import { Switch } from "@/components/Switch";
import { ErrorState, LoadingSkeleton } from "@/components/states";
import { toast } from "@/components/toast";
import { getErrorMessage } from "@/lib/errors";

import { useCampaignSettings, useUpdateCampaignSettings } from "../api/campaigns";
import type { CampaignSettings, CampaignTemplate } from "../types";
import { templateKey } from "./CampaignForm";

const TIERS: [number, string][] = [
  [250, "250 clients / 24 h"],
  [1000, "1 000 clients / 24 h"],
  [10000, "10 000 clients / 24 h"],
  [100000, "100 000 clients / 24 h"],
  [-1, "Illimité"],
];

export function FollowUpSettings({ templates }: { templates: CampaignTemplate[] }) {
  const settings = useCampaignSettings();
  const update = useUpdateCampaignSettings();
  const [afterDays, setAfterDays] = useState("");
  useEffect(() => {
    if (settings.data) setAfterDays(String(settings.data.reorder_after_days));
  }, [settings.data]);

  if (settings.isPending) return <LoadingSkeleton rows={2} />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  const current = settings.data;
  const save = (fields: Partial<CampaignSettings>) =>
    update.mutate(fields, {
      onSuccess: () => toast.success("Réglage enregistré"),
    });
  const reorderTemplate = current.reorder_template_name ? `${current.reorder_template_name}|${current.reorder_template_language}` : "";

  return (
    <div className="divide-y divide-slate-100" data-testid="follow-up-settings">
      <Switch
        label="Relancer les paniers non confirmés"
        description="Un rappel, une seule fois, 2 h après un panier laissé sans confirmation (dans les 24 h où WhatsApp le permet)."
        checked={current.cart_reminder_enabled}
        disabled={update.isPending}
        onChange={(checked) => save({ cart_reminder_enabled: checked })}
      />
      <div>
        <Switch
          label="Rappeler les clients habituels"
          description="Un client qui commande chaque semaine et ne l'a pas fait depuis le nombre de jours choisi reçoit le modèle choisi."
          checked={current.reorder_enabled}
          disabled={update.isPending}
          onChange={(checked) => save({ reorder_enabled: checked })}
        />
        <div className="grid gap-3 pb-3 sm:grid-cols-2">
          <TextField
            label="Rappel après (jours)"
            type="number"
            inputMode="numeric"
            min={3}
            max={90}
            value={afterDays}
            onChange={(event) => setAfterDays(event.target.value)}
            onBlur={() => {
              const value = Number(afterDays);
              if (afterDays.trim() && value !== current.reorder_after_days) save({ reorder_after_days: value });
            }}
          />
          <SelectField
            label="Modèle du rappel"
            value={reorderTemplate}
            onChange={(event) => {
              const [name, language] = event.target.value.split("|");
              save({ reorder_template_name: name ?? "", reorder_template_language: language ?? "" });
            }}
          >
            <option value="">Choisir un modèle</option>
            {templates.map((t) => (
              <option key={templateKey(t)} value={templateKey(t)}>
                {t.name} ({t.language})
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <div className="pt-3">
        <SelectField
          label="Palier d'envoi WhatsApp"
          hint="La limite de clients différents que Meta vous permet de contacter en 24 h (voir WhatsApp Manager) : les envois au-delà attendent."
          value={String(current.messaging_tier)}
          onChange={(event) => save({ messaging_tier: Number(event.target.value) })}
        >
          {TIERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {update.isError && <Alert className="mt-3">{getErrorMessage(update.error)}</Alert>}
    </div>
  );
}
