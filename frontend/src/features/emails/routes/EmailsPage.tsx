/**
 * Emails résumés: the mailbox connection (form, then its sync state), and the summarised inbox,
 * filtered with real counters, priority badges, AI summaries, attachments; a mail opens in a sheet
 * with the original's subject and date, and « Créer la commande » for an order mail.
 */
import { Check, Mail, Paperclip, ShoppingBag, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { cn } from "@/lib/cn";
import { getErrorMessage } from "@/lib/errors";
import { formatPhone } from "@/lib/phone";

import { useEmails } from "../api/get-emails";
import { useMailbox } from "../api/mailbox";
import { useMarkEmailRead } from "../api/mark-email-read";
import { EmailSheet, formatSize } from "../components/EmailSheet";
import { MailboxPanel } from "../components/MailboxPanel";
import { Badge, EmptyState, ErrorState, LoadingSkeleton, LoadMore, PageHeader, type BadgeTone } from "@/components/states";
import { formatShortTime } from "@/lib/format";
import type { Email, EmailFilter } from "../types";

export const EMAIL_EMPTY_TEXT = "Les e-mails de votre boîte apparaîtront ici, triés et résumés, quelques instants après la connexion.";

export const emailFilters: { value: EmailFilter; label: string }[] = [
  { value: "tous", label: "Tous" },
  { value: "non_lus", label: "Non lus" },
  { value: "urgents", label: "Urgents" },
  { value: "commandes", label: "Commandes" },
  { value: "support", label: "Support" },
  { value: "partenariats", label: "Partenariats" },
  { value: "factures", label: "Factures" },
  { value: "livraisons", label: "Livraisons" },
  { value: "autres", label: "Autres" },
  { value: "mis_de_cote", label: "Mis de côté" },
];

const priorityTones: Record<string, BadgeTone> = { high: "red", medium: "amber", low: "slate" };

function EmailCard({ email, onOpen }: { email: Email; onOpen: () => void }) {
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
      <h2 className={cn("mt-2 text-base break-words text-slate-900", unread ? "font-semibold" : "font-medium")}>
        <button type="button" onClick={onOpen} className="text-left hover:underline" data-testid="email-open">
          {email.subject}
        </button>
      </h2>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Badge tone={priorityTones[email.priority] ?? "slate"}>{email.priority_label}</Badge>
        <Badge tone="blue">{email.category_label}</Badge>
        <Badge>{email.status_label}</Badge>
        {email.order_reference && <Badge tone="green">Commande {email.order_reference}</Badge>}
      </div>
      {email.ai_summary ? (
        <div className="mt-3 rounded-lg bg-violet-50 p-3 text-sm text-violet-950 ring-1 ring-violet-100">
          <p className="flex items-center gap-1.5 text-xs font-semibold text-violet-700">
            <Sparkles aria-hidden="true" className="h-3.5 w-3.5" />
            Résumé IA
          </p>
          <p className="mt-1 break-words">{email.ai_summary}</p>
        </div>
      ) : (
        <p className="mt-2 text-sm break-words text-slate-600">{email.preview}</p>
      )}
      {email.notice && <p className="mt-2 text-xs text-amber-700">{email.notice}</p>}
      {email.attachments.length > 0 && (
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <Paperclip aria-hidden="true" className="h-3.5 w-3.5 text-slate-400" />
          {email.attachments.map((attachment, index) => (
            <span key={index} className="max-w-full truncate">
              {attachment.name} ({formatSize(attachment.size)})
            </span>
          ))}
        </p>
      )}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {email.has_order_lines && !email.order_reference && (
          <Button className="min-h-9 py-1.5" onClick={onOpen}>
            <ShoppingBag aria-hidden="true" className="h-4 w-4" />
            Créer la commande
          </Button>
        )}
        {email.status !== "read" && (
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
        )}
      </div>
    </li>
  );
}

export default function EmailsPage() {
  const [filter, setFilter] = useState<EmailFilter>("tous");
  const [openId, setOpenId] = useState<number | null>(null);
  const [pollUntil, setPollUntil] = useState(0);
  const mailbox = useMailbox(Date.now() < pollUntil);
  const emails = useEmails(filter);
  const counters = emails.data?.pages[0]?.counters;
  const items = emails.data?.pages.flatMap((page) => page.results) ?? [];

  // A finished sync brings new mails: read the list again when the last sync time moves.
  const lastSynced = mailbox.data?.last_synced_at ?? null;
  const seen = useRef(lastSynced);
  const { refetch } = emails;
  useEffect(() => {
    if (lastSynced !== seen.current) {
      seen.current = lastSynced;
      void refetch();
    }
  }, [lastSynced, refetch]);

  return (
    <>
      <PageHeader title="Emails résumés" description="Votre assistant trie vos e-mails, repère les urgences et les résume pour vous." />
      {mailbox.data ? <MailboxPanel state={mailbox.data} onResync={() => setPollUntil(Date.now() + 60_000)} /> : mailbox.isError ? null : <LoadingSkeleton rows={1} />}
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
        counters && counters.tous + counters.mis_de_cote > 0 ? (
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
              <EmailCard key={email.id} email={email} onOpen={() => setOpenId(email.id)} />
            ))}
          </ul>
          <LoadMore hasMore={!!emails.hasNextPage} loading={emails.isFetchingNextPage} onClick={() => void emails.fetchNextPage()} />
        </>
      )}
      {openId !== null && <EmailSheet emailId={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
