/**
 * The manual set-up, beside Embedded Signup (as Chatwoot offers it): a business with its own Meta app
 * pastes the phone number id, the WhatsApp Business account id and a System User's permanent token;
 * the server checks them on the Graph API before saving. The webhook URL and verify token to type
 * into Meta's console are shown with copy buttons.
 */
import { useState, type FormEvent } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { PasswordField, TextField } from "@/components/Field";
import { Skeleton } from "@/components/states";
import { getErrorMessage, type ApiError } from "@/lib/errors";

import { useConnectWhatsAppManual } from "../api/connect-whatsapp-manual";
import { useWhatsAppWebhookSettings } from "../api/get-webhook-settings";
import { whatsappMessages as msg } from "../messages";
import type { WhatsAppManualConnectPayload } from "../types";
import { CopyField } from "./CopyField";

type Values = Required<WhatsAppManualConnectPayload>;
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ["phone_number_id", "waba_id", "access_token", "app_secret"];
const DIGITS = /^[0-9]+$/;
// Meta's tokens are printable ASCII without spaces (the server's rule).
const TOKEN = /^[\x21-\x7e]+$/;
// Meta app secrets are 32 hexadecimal characters.
const APP_SECRET = /^[0-9a-fA-F]{32}$/;

/** The same rules as the server's input serializer, so most mistakes are caught before a round trip. */
export function validateManualSetup(values: Values, { appSecretRequired = false } = {}): Errors {
  const errors: Errors = {};
  if (!values.phone_number_id) errors.phone_number_id = msg.phoneNumberIdRequired;
  else if (!DIGITS.test(values.phone_number_id)) errors.phone_number_id = msg.idDigitsOnly;
  if (!values.waba_id) errors.waba_id = msg.wabaIdRequired;
  else if (!DIGITS.test(values.waba_id)) errors.waba_id = msg.idDigitsOnly;
  if (!values.access_token) errors.access_token = msg.tokenRequired;
  else if (!TOKEN.test(values.access_token)) errors.access_token = msg.tokenInvalidCharacters;
  if (!values.app_secret) {
    if (appSecretRequired) errors.app_secret = msg.appSecretRequired;
  } else if (!APP_SECRET.test(values.app_secret)) errors.app_secret = msg.appSecretFormat;
  return errors;
}

/** The server's field errors (Meta's 190 lands on the token, its 100 on the id at fault). */
function fieldErrors(error: ApiError): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    const messages = error.errors?.[field];
    if (messages?.length) errors[field] = messages[0];
  }
  return errors;
}

export function WebhookSettings() {
  const settings = useWhatsAppWebhookSettings();
  if (settings.isPending) {
    return (
      <div className="space-y-2" aria-hidden="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (settings.isError) return <Alert tone="error">{getErrorMessage(settings.error)}</Alert>;
  return (
    <div className="space-y-3" data-testid="whatsapp-webhook-settings">
      <CopyField label="URL de rappel (Callback URL)" value={settings.data.webhook_url} testId="whatsapp-webhook-url" />
      {settings.data.verify_token && (
        <CopyField label="Jeton de vérification (Verify token)" value={settings.data.verify_token} testId="whatsapp-verify-token" />
      )}
      {!settings.data.receiving && <Alert tone="info">{msg.notReceiving}</Alert>}
    </div>
  );
}

export function WhatsAppManualSetup({ onConnected }: { onConnected: () => void }) {
  const connect = useConnectWhatsAppManual();
  const appSecretRequired = useWhatsAppWebhookSettings().data?.app_secret_required === true;
  const [values, setValues] = useState<Values>({ phone_number_id: "", waba_id: "", access_token: "", app_secret: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload: Values = {
      phone_number_id: values.phone_number_id.trim(),
      waba_id: values.waba_id.trim(),
      access_token: values.access_token.trim(),
      app_secret: values.app_secret.trim(),
    };
    const found = validateManualSetup(payload, { appSecretRequired });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    const { app_secret: appSecret, ...required } = payload;
    connect.mutate(appSecret ? payload : required, {
      onSuccess: () => onConnected(),
      onError: (error) => {
        const onFields = fieldErrors(error);
        setErrors(onFields);
        // A refusal that names no field (Meta unreachable, throttled) is said above the button.
        if (!Object.keys(onFields).length) setFormError(getErrorMessage(error));
      },
    });
  };

  return (
    <div className="space-y-5" data-testid="whatsapp-manual-setup">
      <ol className="list-decimal space-y-1.5 pl-5 text-sm text-slate-600">
        <li>
          Dans Meta for Developers, ouvrez votre application → WhatsApp → Configuration de l'API : copiez l'identifiant du
          numéro de téléphone et l'identifiant du compte WhatsApp Business.
        </li>
        <li>
          Dans Meta Business Suite → Paramètres de l'entreprise → Utilisateurs système, générez un jeton permanent avec les
          autorisations whatsapp_business_management et whatsapp_business_messaging.
        </li>
        <li>
          Dans votre application → WhatsApp → Configuration → Webhook, collez l'URL de rappel et le jeton de vérification
          ci-dessous, puis abonnez-vous au champ « messages ».
        </li>
      </ol>

      <WebhookSettings />

      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Configuration manuelle de WhatsApp">
        <TextField
          label="Identifiant du numéro de téléphone"
          name="phone_number_id"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="Ex. : 106540352242922"
          value={values.phone_number_id}
          onChange={change("phone_number_id")}
          error={errors.phone_number_id}
        />
        <TextField
          label="Identifiant du compte WhatsApp Business"
          name="waba_id"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="Ex. : 102290129340398"
          value={values.waba_id}
          onChange={change("waba_id")}
          error={errors.waba_id}
        />
        <PasswordField
          label="Jeton d'accès permanent"
          name="access_token"
          autoComplete="off"
          spellCheck={false}
          value={values.access_token}
          onChange={change("access_token")}
          error={errors.access_token}
          hint="Stocké chiffré, jamais affiché ni renvoyé."
        />
        <PasswordField
          label="Clé secrète de l'application"
          name="app_secret"
          autoComplete="off"
          spellCheck={false}
          value={values.app_secret}
          onChange={change("app_secret")}
          error={errors.app_secret}
          hint="Paramètres de l'application → Général. Nécessaire quand le jeton a été créé pour votre propre application Meta : c'est elle qui signe les messages que Meta envoie à Flux IA. Stockée chiffrée."
        />
        {formError && <Alert tone="error">{formError}</Alert>}
        <Button type="submit" loading={connect.isPending} fullWidth>
          {connect.isPending ? msg.manualChecking : "Vérifier et connecter"}
        </Button>
      </form>
    </div>
  );
}
