/** « Paiement par lien »: the shop's CinetPay and Wave merchant credentials, a self-contained
 * section of « Ma boutique ». Secrets are typed, sent once, stored encrypted and never shown again. */
import { useState, type FormEvent } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { PasswordField, TextField } from "@/components/Field";
import { toast } from "@/components/toast";
import { Badge, LoadingSkeleton } from "@/components/states";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { useDeletePaymentProvider, usePaymentProviders, useSetPaymentProvider } from "../api/payment-providers";
import { PAYMENT_LABELS } from "../lib/labels";
import type { PaymentCode, PaymentProviderCode, PaymentProviderInput } from "../types";
import { SectionCard } from "./ProfileCards";

const PROVIDERS: { code: PaymentProviderCode; name: string; covers: string; fields: { name: keyof PaymentProviderInput; label: string; secret: boolean }[] }[] = [
  {
    code: "cinetpay",
    name: "CinetPay",
    covers: "Wave, Orange Money, MTN MoMo et Moov Money",
    fields: [
      { name: "site_id", label: "Identifiant du site (site_id)", secret: false },
      { name: "api_key", label: "Clé d'API (apikey)", secret: true },
      { name: "secret_key", label: "Clé secrète", secret: true },
    ],
  },
  {
    code: "wave",
    name: "Wave",
    covers: "Wave (sans intermédiaire)",
    fields: [
      { name: "api_key", label: "Clé d'API Wave", secret: true },
      { name: "webhook_secret", label: "Secret des webhooks", secret: true },
    ],
  },
];

function ProviderForm({ provider, configured }: { provider: (typeof PROVIDERS)[number]; configured: boolean }) {
  const save = useSetPaymentProvider();
  const remove = useDeletePaymentProvider();
  const [open, setOpen] = useState(!configured);
  const [values, setValues] = useState<Record<string, string>>({});
  const fieldErrors = (save.error as ApiError | null)?.errors ?? {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { provider: provider.code, ...values } as { provider: PaymentProviderCode } & PaymentProviderInput,
      {
        onSuccess: () => {
          toast.success(`${provider.name} configuré`);
          setValues({});
          setOpen(false);
        },
      },
    );
  };
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid={`payment-provider-${provider.code}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{provider.name}</p>
          <p className="text-sm text-slate-600">{provider.covers}</p>
        </div>
        <Badge tone={configured ? "green" : "slate"}>{configured ? "Configuré" : "Non configuré"}</Badge>
      </div>
      {open ? (
        <form onSubmit={onSubmit} className="mt-3 space-y-3" noValidate autoComplete="off">
          {save.error && !Object.keys(fieldErrors).length ? <Alert>{getErrorMessage(save.error)}</Alert> : null}
          {provider.fields.map((field) => {
            const Field = field.secret ? PasswordField : TextField;
            return (
              <Field
                key={field.name}
                label={field.label}
                name={field.name}
                autoComplete="off"
                value={values[field.name] ?? ""}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                error={fieldErrors[field.name]?.[0]}
              />
            );
          })}
          <div className="flex flex-wrap justify-end gap-2">
            {configured && (
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Annuler
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              Enregistrer
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Remplacer les identifiants
          </Button>
          <Button
            variant="ghost"
            loading={remove.isPending}
            onClick={() => remove.mutate(provider.code, { onSuccess: () => toast.success(`${provider.name} retiré`) })}
          >
            Retirer
          </Button>
        </div>
      )}
    </li>
  );
}

export function PaymentProvidersCard() {
  const providers = usePaymentProviders();
  return (
    <SectionCard
      id="shop-payment-links"
      title="Paiement par lien (mobile money)"
      description="Quand un client choisit Wave, Orange Money, MTN MoMo ou Moov Money, l'assistant lui envoie un lien de paiement ; la commande passe « Payée » quand le prestataire confirme. Vos identifiants sont chiffrés et ne sont jamais réaffichés."
    >
      {providers.isPending ? (
        <LoadingSkeleton rows={2} />
      ) : providers.isError ? (
        <Alert>{getErrorMessage(providers.error)}</Alert>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700">
            {providers.data.covered_methods.length
              ? `Payés par lien : ${(Object.keys(PAYMENT_LABELS) as PaymentCode[])
                  .filter((code) => providers.data.covered_methods.includes(code))
                  .map((code) => PAYMENT_LABELS[code])
                  .join(", ")}.`
              : "Aucun prestataire : l'assistant ne propose que les moyens que vos clients peuvent vraiment utiliser (espèces, ou un numéro indiqué dans la note du moyen de paiement)."}
          </p>
          <ul className="divide-y divide-slate-100">
            {PROVIDERS.map((provider) => (
              <ProviderForm key={provider.code} provider={provider} configured={providers.data[provider.code].configured} />
            ))}
          </ul>
        </>
      )}
    </SectionCard>
  );
}
