/**
 * Profil: personal information (read-only until Modifier; Sauvegarder → PATCH /auth/me), the AI
 * configuration and the four notification switches (PATCH /preferences), the subscription card
 * (GET /subscriptions/current), quick actions and the support card.
 */
import { BarChart3, Bot, LifeBuoy, Mail, MessageSquare, Pencil } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router-dom";

import type { ProfileUpdatePayload } from "@/api/types";
import { Alert } from "@/components/Alert";
import { Button, buttonClasses } from "@/components/Button";
import { FieldShell, SelectField, TextField, inputClasses } from "@/components/Field";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { SUPPORT_EMAIL, SUPPORT_HREF, fullName, useAuth, useMe, useUpdateMe } from "@/features/auth";
import { getErrorMessage, normalizeError } from "@/lib/errors";

import { usePreferences } from "../api/get-preferences";
import { useSubscription } from "../api/get-subscription";
import { useUpdatePreferences } from "../api/update-preferences";
import { ProfilePhoto } from "../components/ProfilePhoto";
import { formatPhone } from "@/lib/phone";
import { ConnectWhatsAppLink } from "@/components/ConnectWhatsAppLink";
import { PlanBadge } from "@/components/PlanBadge";
import { Badge, Card, ErrorState, LoadingSkeleton, PageHeader, Skeleton } from "@/components/states";
import { Switch } from "@/components/Switch";
import { AI_SETTINGS_ANCHOR, SETTINGS_ANCHOR } from "@/config/anchors";
import { formatLongDate, formatNumber, formatMonthYear } from "@/lib/format";
import type { Day, Language, Notifications, Preferences, Tone } from "../types";

type ProfileFields = Pick<Required<ProfileUpdatePayload>, "prenom" | "nom" | "numero_telephone" | "whatsapp" | "adresse">;
const PROFILE_FIELDS: (keyof ProfileFields)[] = ["prenom", "nom", "numero_telephone", "whatsapp", "adresse"];

function SectionTitle({ id, title, action }: { id?: string; title: string; action?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {action}
    </div>
  );
}

function PersonalInformation() {
  const { user } = useAuth();
  const save = useUpdateMe();
  const [editing, setEditing] = useState(false);
  const values = (): ProfileFields => ({
    prenom: user?.prenom ?? "",
    nom: user?.nom ?? "",
    // Numbers shown as people read them; the server stores E.164 (core.phone).
    numero_telephone: formatPhone(user?.numero_telephone),
    whatsapp: formatPhone(user?.whatsapp),
    adresse: user?.adresse ?? "",
  });
  // A number shown formatted and left as it was goes back exactly as stored.
  const phoneToSend = (typed: string, stored: string | undefined) =>
    stored && typed.replace(/\D/g, "") === stored.replace(/\D/g, "") ? stored : typed;
  const form = useForm<ProfileFields>({ defaultValues: values() });
  const { errors } = form.formState;

  const cancel = () => {
    form.reset(values());
    form.clearErrors();
    save.reset();
    setEditing(false);
  };

  const onSubmit = form.handleSubmit((fields) =>
    save.mutate(
      {
        ...fields,
        numero_telephone: phoneToSend(fields.numero_telephone, user?.numero_telephone),
        whatsapp: phoneToSend(fields.whatsapp, user?.whatsapp),
      },
      {
      onSuccess: (me) => {
        toast.success("Profil mis à jour", "Vos informations ont été enregistrées.");
        form.reset({
          prenom: me.user.prenom, nom: me.user.nom, numero_telephone: formatPhone(me.user.numero_telephone),
          whatsapp: formatPhone(me.user.whatsapp), adresse: me.user.adresse ?? "",
        });
        setEditing(false);
      },
      onError: (error) => {
        const normalized = normalizeError(error);
        for (const [field, messages] of Object.entries(normalized.errors ?? {})) {
          if ((PROFILE_FIELDS as string[]).includes(field)) form.setError(field as keyof ProfileFields, { message: messages[0] });
        }
        toast.error("Erreur de mise à jour", normalized.message);
      },
    }),
  );

  return (
    <Card aria-labelledby="personal-title">
      <SectionTitle
        id="personal-title"
        title="Informations personnelles"
        action={
          !editing && (
            <Button variant="secondary" className="min-h-9 py-1.5" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Modifier
            </Button>
          )
        }
      />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {save.isError && !Object.keys(errors).length && <Alert>{getErrorMessage(save.error)}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Prénom" readOnly={!editing} className="read-only:bg-slate-50" error={errors.prenom?.message} {...form.register("prenom")} />
          <TextField label="Nom" readOnly={!editing} className="read-only:bg-slate-50" error={errors.nom?.message} {...form.register("nom")} />
          <TextField
            label="Adresse e-mail"
            name="adresse_email"
            type="email"
            value={user?.adresse_email ?? ""}
            readOnly
            hint="L'adresse e-mail sert à vous connecter : elle ne se modifie pas ici."
            className="read-only:bg-slate-50 read-only:text-slate-600"
          />
          <TextField label="Téléphone" type="tel" readOnly={!editing} className="read-only:bg-slate-50" error={errors.numero_telephone?.message} {...form.register("numero_telephone")} />
          <TextField label="WhatsApp" type="tel" readOnly={!editing} className="read-only:bg-slate-50" error={errors.whatsapp?.message} {...form.register("whatsapp")} />
          <TextField label="Adresse" readOnly={!editing} className="read-only:bg-slate-50" error={errors.adresse?.message} {...form.register("adresse")} />
        </div>
        {editing && (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={cancel}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending}>
              Sauvegarder
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}

const LANGUAGES: { value: Language; label: string }[] = [
  { value: "fr", label: "Français" },
  { value: "en", label: "Anglais" },
  { value: "nouchi", label: "Nouchi" },
];
const TONES: { value: Tone; label: string }[] = [
  { value: "professionnel", label: "Professionnel" },
  { value: "amical", label: "Amical" },
  { value: "decontracte", label: "Décontracté" },
];
const DAYS: Day[] = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"];

const hhmm = (time: string) => time.slice(0, 5);

function describeDays(days: Day[]): string {
  const sorted = DAYS.filter((day) => days.includes(day));
  if (sorted.length === 0) return "aucun jour";
  const start = DAYS.indexOf(sorted[0]);
  const consecutive = sorted.length > 2 && sorted.every((day, index) => DAYS.indexOf(day) === start + index);
  return consecutive ? `du ${sorted[0]} au ${sorted[sorted.length - 1]}` : sorted.join(", ");
}

function AiConfiguration({ preferences }: { preferences: Preferences }) {
  const update = useUpdatePreferences();
  const [editing, setEditing] = useState(false);
  const initial = () => ({
    languages: preferences.ai.languages,
    tone: preferences.ai.tone,
    days: preferences.ai.opening_hours.days,
    opens: hhmm(preferences.ai.opening_hours.opens),
    closes: hhmm(preferences.ai.opening_hours.closes),
    business_description: preferences.ai.business_description,
  });
  const [draft, setDraft] = useState(initial);

  const toggle = <T extends string>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        ai: {
          languages: draft.languages,
          tone: draft.tone,
          opening_hours: { days: draft.days, opens: draft.opens, closes: draft.closes },
          business_description: draft.business_description.trim(),
        },
      },
      {
        onSuccess: () => {
          toast.success("Configuration de l'IA enregistrée");
          setEditing(false);
        },
      },
    );
  };

  const cancel = () => {
    setDraft(initial());
    update.reset();
    setEditing(false);
  };

  return (
    <Card id={AI_SETTINGS_ANCHOR} aria-labelledby="ai-title" className="scroll-mt-20">
      <SectionTitle
        id="ai-title"
        title="Configuration de l'IA"
        action={
          !editing && (
            <Button variant="secondary" className="min-h-9 py-1.5" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Modifier
            </Button>
          )
        }
      />
      {!editing ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="ai-summary">
          <div>
            <dt className="text-slate-500">Langues</dt>
            <dd className="font-medium text-slate-900">{preferences.ai.language_labels.join(", ")}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Ton</dt>
            <dd className="font-medium text-slate-900">{preferences.ai.tone_label}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Horaires d'ouverture</dt>
            <dd className="font-medium text-slate-900">
              {describeDays(preferences.ai.opening_hours.days)}, de {hhmm(preferences.ai.opening_hours.opens)} à {hhmm(preferences.ai.opening_hours.closes)}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Description de l'activité</dt>
            <dd className="break-words text-slate-900">{preferences.ai.business_description || "Aucune description pour le moment."}</dd>
          </div>
        </dl>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {update.isError && <Alert>{getErrorMessage(update.error)}</Alert>}
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Langues de l'assistant</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {LANGUAGES.map(({ value, label }) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" name="languages" value={value} checked={draft.languages.includes(value)} onChange={() => setDraft({ ...draft, languages: toggle(draft.languages, value) })} className="h-4 w-4 accent-brand-600" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField label="Ton" name="tone" value={draft.tone} onChange={(event) => setDraft({ ...draft, tone: event.target.value as Tone })}>
            {TONES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Jours d'ouverture</legend>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {DAYS.map((day) => (
                <label key={day} className="flex items-center gap-2 text-sm text-slate-800 capitalize">
                  <input type="checkbox" name="days" value={day} checked={draft.days.includes(day)} onChange={() => setDraft({ ...draft, days: toggle(draft.days, day) })} className="h-4 w-4 accent-brand-600" />
                  {day}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-4">
            <TextField label="Ouverture" name="opens" type="time" value={draft.opens} onChange={(event) => setDraft({ ...draft, opens: event.target.value })} />
            <TextField label="Fermeture" name="closes" type="time" value={draft.closes} onChange={(event) => setDraft({ ...draft, closes: event.target.value })} />
          </div>
          <FieldShell id="business-description" label="Description de votre activité" hint={`${draft.business_description.length}/500 caractères`}>
            <textarea
              id="business-description"
              name="business_description"
              rows={3}
              maxLength={500}
              value={draft.business_description}
              onChange={(event) => setDraft({ ...draft, business_description: event.target.value })}
              className={inputClasses(false)}
            />
          </FieldShell>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={cancel}>
              Annuler
            </Button>
            <Button type="submit" loading={update.isPending}>
              Sauvegarder
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

const NOTIFICATIONS: { key: keyof Notifications; label: string; description: string }[] = [
  { key: "new_messages", label: "Nouveaux messages", description: "Quand un client vous écrit sur WhatsApp." },
  { key: "ai_alerts", label: "Alertes IA", description: "Quand l'IA a besoin de vous pour répondre." },
  { key: "delivery_updates", label: "Mises à jour des livraisons", description: "Départs, retards et livraisons effectuées." },
  { key: "weekly_reports", label: "Rapports hebdomadaires", description: "Un résumé de vos ventes chaque semaine." },
];

function NotificationSettings({ preferences }: { preferences: Preferences }) {
  const update = useUpdatePreferences();
  return (
    <Card aria-labelledby="notifications-title">
      <SectionTitle id="notifications-title" title="Notifications" />
      <div className="divide-y divide-slate-100">
        {NOTIFICATIONS.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={preferences.notifications[key]}
            disabled={update.isPending}
            onChange={(checked) =>
              update.mutate(
                { notifications: { [key]: checked } },
                {
                  onSuccess: () => toast.success(checked ? "Notification activée" : "Notification désactivée", label),
                  onError: (error) => toast.error("Erreur de mise à jour", getErrorMessage(error)),
                },
              )
            }
          />
        ))}
      </div>
    </Card>
  );
}

function SubscriptionSection() {
  const subscription = useSubscription();
  return (
    <Card aria-labelledby="subscription-title" data-testid="subscription-card">
      <SectionTitle id="subscription-title" title="Abonnement" />
      {subscription.isPending ? (
        <div className="space-y-3" role="status">
          <span className="sr-only">Chargement...</span>
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-2 w-full" />
        </div>
      ) : subscription.isError ? (
        <ErrorState error={subscription.error} onRetry={() => void subscription.refetch()} />
      ) : (
        (() => {
          const card = subscription.data;
          const unlimited = card.conversation_limit < 0;
          return (
            <div className="space-y-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-xl font-bold text-slate-900">{card.plan_name}</p>
                <Badge tone={card.status === "actif" || card.status === "essai" ? "green" : "slate"}>{card.status_label}</Badge>
              </div>
              <p className="text-slate-700">
                <span className="text-lg font-semibold text-slate-900">{card.price_label}</span>
                {card.price !== null && card.price > 0 && <span> par mois</span>}
              </p>
              <p className="text-slate-600">
                {card.next_billing_date ? `Prochaine facturation : ${formatLongDate(card.next_billing_date)}` : "Aucune facturation prévue."}
              </p>
              <div>
                <p className="flex justify-between gap-2 text-slate-700">
                  <span>Conversations ce mois</span>
                  <span className="font-medium">
                    {formatNumber(card.conversations_used)} / {unlimited ? "illimitées" : formatNumber(card.conversation_limit)}
                  </span>
                </p>
                {!unlimited && (
                  <progress
                    value={Math.min(card.usage_percent ?? 0, 100)}
                    max={100}
                    aria-label="Conversations utilisées"
                    className="mt-1.5 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-brand-600"
                  />
                )}
                <p className="mt-1 text-xs text-slate-500">Le compteur repart de zéro le {formatLongDate(card.usage_resets_on)}.</p>
              </div>
              <Link to={paths.dashboard.plans} className="inline-block font-semibold text-brand-700 underline">
                Voir les plans et changer de formule
              </Link>
            </div>
          );
        })()
      )}
    </Card>
  );
}

export default function ProfilePage() {
  const { user } = useAuth();
  const me = useMe().data;
  const preferences = usePreferences();
  const location = useLocation();
  const canAccessAnalytics = !!me?.permissions.can_access_analytics;

  // The user menu's Paramètres and the home page's "Configurer l'IA" link to a section of this page.
  useEffect(() => {
    if (!location.hash || preferences.isPending) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [location.hash, preferences.isPending]);

  return (
    <>
      <PageHeader title="Mon profil" description="Vos informations, votre assistant et votre abonnement." />
      <Card className="mb-6 flex flex-wrap items-center gap-4">
        <ProfilePhoto />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold text-slate-900">{fullName(user)}</p>
          <p className="truncate text-sm text-slate-600">
            {[user?.nom_entreprise, user?.secteur_activite].filter(Boolean).join(" · ") || user?.adresse_email}
          </p>
          {user?.date_creation && <p className="text-xs text-slate-500">Membre depuis {formatMonthYear(user.date_creation)}</p>}
        </div>
        {me && <PlanBadge plan={me.account.subscription_plan} premium={me.permissions.can_access_analytics} />}
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <PersonalInformation />
          <div id={SETTINGS_ANCHOR} className="scroll-mt-20 space-y-6">
            {preferences.isPending ? (
              <LoadingSkeleton rows={2} />
            ) : preferences.isError ? (
              <ErrorState error={preferences.error} onRetry={() => void preferences.refetch()} />
            ) : (
              <>
                <AiConfiguration preferences={preferences.data} />
                <NotificationSettings preferences={preferences.data} />
              </>
            )}
          </div>
        </div>
        <div className="min-w-0 space-y-6">
          <SubscriptionSection />
          <Card aria-labelledby="profile-actions-title">
            <SectionTitle id="profile-actions-title" title="Actions rapides" />
            <div className="flex flex-col gap-2">
              <ConnectWhatsAppLink variant="secondary" />
              <Link to={`#${AI_SETTINGS_ANCHOR}`} className={buttonClasses("secondary")}>
                <Bot aria-hidden="true" className="h-4 w-4" />
                Configurer l'IA
              </Link>
              <Link to={paths.dashboard.conversations} className={buttonClasses("secondary")}>
                <MessageSquare aria-hidden="true" className="h-4 w-4" />
                Voir mes conversations
              </Link>
              {canAccessAnalytics && (
                <Link to={paths.dashboard.analytics} className={buttonClasses("secondary")}>
                  <BarChart3 aria-hidden="true" className="h-4 w-4" />
                  Voir mes statistiques
                </Link>
              )}
            </div>
          </Card>
          <Card aria-labelledby="support-title">
            <SectionTitle id="support-title" title="Besoin d'aide ?" />
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <LifeBuoy aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              Notre équipe vous répond en français, du lundi au samedi, pour la connexion WhatsApp, l'IA ou votre abonnement.
            </p>
            <a href={SUPPORT_HREF} className={buttonClasses("secondary", "mt-4 w-full")}>
              <Mail aria-hidden="true" className="h-4 w-4" />
              {SUPPORT_EMAIL}
            </a>
          </Card>
        </div>
      </div>
    </>
  );
}
