/**
 * Emails résumés: the summarised inbox, filtered with counters, priority badges, AI summaries.
 *
 * No mailbox can be connected yet (the mail connector is a later issue): the page says so and is a
 * preview of the rows the connector will write; it never sends the owner to a set-up that does not
 * exist (connecting WhatsApp does not bring e-mails).
 */
import { Check, Mail, Sparkles } from "lucide-react";
import { useState } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { cn } from "@/lib/cn";
import { getErrorMessage } from "@/lib/errors";
import { formatPhone } from "@/lib/phone";

import { useEmails } from "../api/get-emails";
import { useMarkEmailRead } from "../api/mark-email-read";
import { Badge, EmptyState, ErrorState, LoadingSkeleton, LoadMore, PageHeader, type BadgeTone } from "@/components/states";
import { formatShortTime } from "@/lib/format";
import type { Email, EmailFilter } from "../types";

export const EMAIL_PREVIEW_TITLE = "Assistant e-mail pas encore connecté";
export const EMAIL_PREVIEW_TEXT =
  "La connexion d'une boîte e-mail à Flux IA n'est pas encore disponible : cette page est un aperçu de la façon dont vos e-mails seront triés par priorité et résumés par l'IA.";
export const EMAIL_EMPTY_TEXT =
  "Les e-mails résumés apparaîtront ici lorsque la connexion d'une boîte e-mail sera disponible. Votre assistant WhatsApp n'en dépend pas.";

export const emailFilters: { value: EmailFilter; label: string }[] = [
  { value: "tous", label: "Tous" },
  { value: "non_lus", label: "Non lus" },
  { value: "commandes", label: "Commandes" },
  { value: "support", label: "Support" },
  { value: "partenariats", label: "Partenariats" },
];

const priorityTones: Record<string, BadgeTone> = { high: "red", medium: "amber", low: "slate" };

function EmailCard({ email }: { email: Email }) {
  const markRead = useMarkEmailRead();
  const unread = email.status === "unread";
  return (
    <li data-testid="email" className={cn("rounded-xl bg-white p-4 shadow-sm ring-1 sm:p-5", unread ? "ring-brand-500/40" : "ring-slate-200")}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className={cn("truncate text-sm text-slate-900", unread ? "font-bold" : "font-medium")}>
            {unread && <span className="mr-1.5 inline-block h-2 w-2 rounded-full bg-brand-600 align-middle" aria-hidden="true" />}
            {/* A sender known only by a phone number (SMS or WhatsApp gateways) reads like every number. */}
            {formatPhone(email.from)}
          </p>
          <p className="truncate text-xs text-slate-500">{email.from_email}</p>
        </div>
        <time dateTime={email.time} className="shrink-0 text-xs text-slate-500">
          {formatShortTime(email.time)}
        </time>
      </div>
      <h2 className={cn("mt-2 text-base break-words text-slate-900", unread ? "font-semibold" : "font-medium")}>{email.subject}</h2>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Badge tone={priorityTones[email.priority] ?? "slate"}>{email.priority_label}</Badge>
        <Badge tone="blue">{email.category_label}</Badge>
        <Badge>{email.status_label}</Badge>
      </div>
      <p className="mt-2 text-sm break-words text-slate-600">{email.preview}</p>
      {email.ai_summary && (
        <div className="mt-3 rounded-lg bg-violet-50 p-3 text-sm text-violet-950 ring-1 ring-violet-100">
          <p className="flex items-center gap-1.5 text-xs font-semibold text-violet-700">
            <Sparkles aria-hidden="true" className="h-3.5 w-3.5" />
            Résumé IA
          </p>
          <p className="mt-1 break-words">{email.ai_summary}</p>
        </div>
      )}
      {email.status !== "read" && (
        <div className="mt-3 flex justify-end">
          <Button
            variant="secondary"
            className="min-h-9 py-1.5"
            loading={markRead.isPending}
            onClick={() =>
              markRead.mutate(email.id, {
                onSuccess: () => toast.success("E-mail marqué comme lu"),
                onError: (error) => toast.error("Erreur", getErrorMessage(error)),
              })
            }
          >
            <Check aria-hidden="true" className="h-4 w-4" />
            Marquer comme lu
          </Button>
        </div>
      )}
    </li>
  );
}

export default function EmailsPage() {
  const [filter, setFilter] = useState<EmailFilter>("tous");
  const emails = useEmails(filter);
  const counters = emails.data?.pages[0]?.counters;
  const items = emails.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <>
      <PageHeader title="Emails résumés" description="Aperçu : votre assistant triera vos e-mails, repérera les urgences et les résumera pour vous." />
      <Alert tone="info" title={EMAIL_PREVIEW_TITLE} className="mb-4">
        <p data-testid="emails-preview-notice">{EMAIL_PREVIEW_TEXT}</p>
      </Alert>
      <div role="group" aria-label="Filtrer les e-mails" data-scroll-x className="-mx-1 mb-4 flex gap-2 overflow-x-auto px-1 pb-1">
        {emailFilters.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={cn(
              "flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium",
              filter === value ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50",
            )}
          >
            {label}
            <span
              data-testid={`counter-${value}`}
              className={cn("rounded-full px-1.5 text-xs", filter === value ? "bg-white/20" : "bg-slate-100 text-slate-600")}
            >
              {counters ? counters[value] : "…"}
            </span>
          </button>
        ))}
      </div>

      {emails.isPending ? (
        <LoadingSkeleton rows={4} />
      ) : emails.isError ? (
        <ErrorState error={emails.error} onRetry={() => void emails.refetch()} />
      ) : items.length === 0 ? (
        counters && counters.tous > 0 ? (
          <EmptyState icon={Mail} title="Aucun e-mail dans ce filtre">
            Choisissez « Tous » pour voir l'ensemble de vos e-mails résumés.
          </EmptyState>
        ) : (
          <EmptyState icon={Mail} title="Aucun e-mail résumé pour le moment">
            {EMAIL_EMPTY_TEXT}
          </EmptyState>
        )
      ) : (
        <>
          <ul className="space-y-3" aria-label="E-mails">
            {items.map((email) => (
              <EmailCard key={email.id} email={email} />
            ))}
          </ul>
          <LoadMore hasMore={!!emails.hasNextPage} loading={emails.isFetchingNextPage} onClick={() => void emails.fetchNextPage()} />
        </>
      )}
    </>
  );
}
