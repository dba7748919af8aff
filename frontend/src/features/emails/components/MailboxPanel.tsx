/**
 * The mailbox connection: the form (presets fill the server and port, with their help line), then
 * its state (« Dernière synchronisation il y a 3 min », or the French error), « Resynchroniser »,
 * « Modifier » and « Déconnecter ».
 */
import { AlertTriangle, CheckCircle2, Mail, RefreshCw, Unplug } from "lucide-react";
import { useState, type FormEvent } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { PasswordField, SelectField, TextField } from "@/components/Field";
import { toast } from "@/components/toast";
import { formatDateTime, formatRelative } from "@/lib/format";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { useConnectMailbox, useDisconnectMailbox, usePresets, useResyncMailbox } from "../api/mailbox";
import type { MailboxSecurity, MailboxState } from "../types";

const securityLabels: Record<MailboxSecurity, string> = { tls: "SSL/TLS", starttls: "STARTTLS", none: "Aucun (réseau local)" };
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export const NO_MAILBOX_TITLE = "Connectez votre boîte e-mail";
export const NO_MAILBOX_TEXT =
  "Flux IA lit vos nouveaux e-mails (sans rien modifier ni supprimer sur votre boîte), les trie par priorité, les résume et vous prévient des urgences. Choisissez votre fournisseur, saisissez votre adresse et un mot de passe d'application.";

function ConnectForm({ state, onDone }: { state: MailboxState; onDone?: () => void }) {
  const presets = usePresets();
  const connect = useConnectMailbox();
  const [form, setForm] = useState({
    provider: state.provider ?? "gmail",
    host: state.host ?? "imap.gmail.com",
    port: String(state.port ?? 993),
    security: (state.security ?? "tls") as MailboxSecurity,
    address: state.address ?? "",
    password: "",
    digest_hour: state.digest_hour === null && state.connected ? "" : String(state.digest_hour ?? 18),
  });
  const preset = presets.data?.find((item) => item.code === form.provider);
  const fieldErrors = (connect.error as ApiError | null)?.errors ?? {};
  const errorOf = (field: string) => fieldErrors[field]?.[0];
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const choosePreset = (code: string) => {
    const chosen = presets.data?.find((item) => item.code === code);
    setForm({ ...form, provider: code, host: chosen?.host || (code === "autre" ? "" : form.host), port: String(chosen?.port ?? 993), security: chosen?.security ?? "tls" });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(
      {
        provider: form.provider,
        host: form.host.trim(),
        port: Number(form.port),
        security: form.security,
        address: form.address.trim(),
        password: form.password,
        digest_hour: form.digest_hour === "" ? null : Number(form.digest_hour),
      },
      {
        onSuccess: () => {
          toast.success("Boîte e-mail connectée", "Vos e-mails arrivent dans quelques instants.");
          onDone?.();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate data-testid="mailbox-form" aria-label="Connexion de la boîte e-mail">
      {connect.error ? (
        <Alert title="Connexion impossible">
          <p data-testid="mailbox-form-error">{getErrorMessage(connect.error)}</p>
        </Alert>
      ) : null}
      <SelectField label="Fournisseur" name="provider" value={form.provider} onChange={(event) => choosePreset(event.target.value)}>
        {(presets.data ?? []).map((item) => (
          <option key={item.code} value={item.code}>
            {item.name}
          </option>
        ))}
      </SelectField>
      {preset?.help && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="preset-help">
          {preset.help}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_6rem_9rem]">
        <TextField label="Serveur IMAP" name="host" value={form.host} onChange={set("host")} error={errorOf("host")} autoComplete="off" placeholder="imap.votre-domaine.ci" />
        <TextField label="Port" name="port" type="number" inputMode="numeric" value={form.port} onChange={set("port")} error={errorOf("port")} />
        <SelectField label="Sécurité" name="security" value={form.security} onChange={set("security")} error={errorOf("security")}>
          {(Object.keys(securityLabels) as MailboxSecurity[]).map((code) => (
            <option key={code} value={code}>
              {securityLabels[code]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Adresse e-mail" name="address" type="email" value={form.address} onChange={set("address")} error={errorOf("address")} autoComplete="username" />
      <PasswordField
        label="Mot de passe d'application"
        name="password"
        value={form.password}
        onChange={set("password")}
        error={errorOf("password")}
        autoComplete="new-password"
        hint={state.connected ? "Laissez vide pour garder le mot de passe enregistré. Il est chiffré et n'est jamais affiché." : "Chiffré sur nos serveurs, jamais affiché ni transmis."}
      />
      <SelectField label="Résumé quotidien par e-mail" name="digest_hour" value={form.digest_hour} onChange={set("digest_hour")} error={errorOf("digest_hour")}>
        <option value="">Pas de résumé quotidien</option>
        {HOURS.map((hour) => (
          <option key={hour} value={String(hour)}>
            Chaque jour à {hour} h
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-2">
        {onDone && state.connected && (
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        )}
        <Button type="submit" loading={connect.isPending}>
          {connect.isPending ? "Test de la connexion…" : "Connecter la boîte"}
        </Button>
      </div>
    </form>
  );
}

function SyncState({ state }: { state: MailboxState }) {
  if (state.last_error) {
    return (
      <Alert title="La synchronisation a échoué" className="mt-3">
        <p data-testid="mailbox-error">{state.last_error}</p>
        {state.next_attempt_at && <p className="mt-1 text-xs">Nouvel essai automatique vers {formatDateTime(state.next_attempt_at)}.</p>}
      </Alert>
    );
  }
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600" data-testid="mailbox-sync-state">
      {state.syncing ? (
        <>
          <RefreshCw aria-hidden="true" className="h-4 w-4 animate-spin text-brand-600" /> Synchronisation en cours…
        </>
      ) : state.last_synced_at ? (
        <>
          <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-emerald-600" /> Dernière synchronisation {formatRelative(state.last_synced_at)}
        </>
      ) : (
        <>
          <RefreshCw aria-hidden="true" className="h-4 w-4 text-slate-400" /> Première synchronisation en attente (les 14 derniers jours)…
        </>
      )}
    </p>
  );
}

export function MailboxPanel({ state, onResync }: { state: MailboxState; onResync: () => void }) {
  const [editing, setEditing] = useState(false);
  const resync = useResyncMailbox();
  const disconnect = useDisconnectMailbox();

  if (!state.allowed) {
    return (
      <Alert tone="info" title="Assistant e-mail" className="mb-4">
        <p data-testid="mailbox-plan">{state.plan_message}</p>
      </Alert>
    );
  }

  if (!state.connected) {
    return (
      <section className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="mailbox-connect">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Mail aria-hidden="true" className="h-5 w-5 text-brand-600" />
          {NO_MAILBOX_TITLE}
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">{NO_MAILBOX_TEXT}</p>
        <ConnectForm state={state} />
      </section>
    );
  }

  return (
    <section className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="mailbox-state">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">Boîte connectée</p>
          <p className="truncate font-semibold text-slate-900" data-testid="mailbox-address">
            {state.address}
          </p>
          <p className="truncate text-xs text-slate-500">
            {state.host}:{state.port} · {state.digest_hour === null ? "pas de résumé quotidien" : `résumé quotidien à ${state.digest_hour} h`}
          </p>
        </div>
        {state.last_error ? <AlertTriangle aria-hidden="true" className="h-5 w-5 text-red-600" /> : null}
      </div>
      <SyncState state={state} />
      {state.last_run_notice && !state.last_error && <p className="mt-1 text-xs text-amber-700" data-testid="mailbox-notice">{state.last_run_notice}</p>}
      {editing ? (
        <div className="mt-4">
          <ConnectForm state={state} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            loading={resync.isPending}
            onClick={() =>
              resync.mutate(undefined, {
                onSuccess: () => {
                  toast.success("Synchronisation lancée");
                  onResync();
                },
                onError: (error) => toast.error("Erreur", getErrorMessage(error)),
              })
            }
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Resynchroniser
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Modifier
          </Button>
          <Button
            variant="ghost"
            loading={disconnect.isPending}
            onClick={() => {
              if (!window.confirm("Déconnecter cette boîte ? Le mot de passe est effacé ; les e-mails déjà résumés restent.")) return;
              disconnect.mutate(undefined, {
                onSuccess: () => toast.success("Boîte déconnectée"),
                onError: (error) => toast.error("Erreur", getErrorMessage(error)),
              });
            }}
          >
            <Unplug aria-hidden="true" className="h-4 w-4" />
            Déconnecter
          </Button>
        </div>
      )}
    </section>
  );
}
