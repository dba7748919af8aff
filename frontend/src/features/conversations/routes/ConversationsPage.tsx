/**
 * Conversations IA: the contact list (search, unread filter, unread counts, AI and pending badges)
 * and the chat panel (customer, AI and owner messages, a reply stored as pending, mark as read).
 * On a phone the list and the chat are two views.
 */
import { ArrowLeft, Bot, CheckCheck, MessageSquare, Search, Send } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";

import { Button } from "@/components/Button";
import { inputClasses } from "@/components/Field";
import { toast } from "@/components/toast";
import { cn } from "@/lib/cn";
import { formatPhone } from "@/lib/phone";
import { getErrorMessage } from "@/lib/errors";

import { useConversationMessages } from "../api/get-conversation-messages";
import { useConversations } from "../api/get-conversations";
import { useMarkConversationRead } from "../api/mark-conversation-read";
import { useSendMessage } from "../api/send-message";
import { chatMessages } from "../lib/chat-order";
import { ConnectWhatsAppLink } from "@/components/ConnectWhatsAppLink";
import { Badge, EmptyState, ErrorState, LoadingSkeleton, LoadMore, PageHeader } from "@/components/states";
import { UserAvatar } from "@/components/UserAvatar";
import { formatShortTime, formatTime } from "@/lib/format";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { ConversationBanners, MessageDelivery, ModeSwitch, TemplateComposer } from "../components/conversation-channel";
import type { ChatMessage, Conversation } from "../types";

const CONVERSATION_PARAM = "conversation";

/** A contact without a WhatsApp profile name is named by its number: shown grouped like every number. */
function contactName(contact: Conversation["contact"]): string {
  return formatPhone(contact.name);
}

function splitName(name: string): [string, string] {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(" ")];
}

function ConversationRow({ conversation, selected, onSelect }: { conversation: Conversation; selected: boolean; onSelect: () => void }) {
  const [first, last] = splitName(conversation.contact.name);
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        data-testid="conversation-row"
        className={cn(
          "flex w-full items-start gap-3 rounded-lg px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600",
          selected && "bg-brand-50 hover:bg-brand-50",
        )}
      >
        <UserAvatar prenom={first} nom={last} className="h-10 w-10 bg-slate-700" />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className={cn("min-w-0 flex-1 truncate text-sm text-slate-900", conversation.unread > 0 ? "font-bold" : "font-medium")}>
              {contactName(conversation.contact)}
            </span>
            <time dateTime={conversation.time} className="shrink-0 text-xs text-slate-500">
              {formatShortTime(conversation.time)}
            </time>
          </span>
          <span className="mt-0.5 block truncate text-sm text-slate-600">{conversation.last_message}</span>
          <span className="mt-1.5 flex flex-wrap items-center gap-1.5">
            {conversation.mode === "ai" ? (
              <Badge tone="violet">
                <Bot aria-hidden="true" className="h-3 w-3" />
                IA
              </Badge>
            ) : (
              <Badge tone="blue">Vous</Badge>
            )}
            {conversation.over_quota && <Badge tone="amber">Hors quota</Badge>}
            {conversation.status === "pending" && <Badge tone="amber">{conversation.status_label}</Badge>}
            {conversation.unread > 0 && (
              <span
                className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white"
                aria-label={`${conversation.unread} message${conversation.unread > 1 ? "s" : ""} non lu${conversation.unread > 1 ? "s" : ""}`}
                data-testid="unread-count"
              >
                {conversation.unread}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

const bubbleStyles: Record<ChatMessage["sender"], string> = {
  user: "mr-auto rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200",
  ai: "ml-auto rounded-br-sm bg-violet-50 text-slate-900 ring-1 ring-violet-200",
  agent: "ml-auto rounded-br-sm bg-brand-600 text-white",
};

const transcriptProblems: Record<string, string> = {
  unclear: "Message vocal incompris : le client a été invité à écrire.",
  failed: "Transcription impossible : le client a été invité à écrire.",
  too_long: "Message vocal trop long pour être transcrit : le client a été invité à écrire.",
  too_large: "Message vocal trop lourd pour être transcrit : le client a été invité à écrire.",
};

/** A customer's voice note: the player (served by our API) and what the assistant heard. */
function VoiceNote({ message }: { message: ChatMessage }) {
  return (
    <div className="mt-1.5 space-y-1" data-testid="voice-note">
      {message.media_url ? (
        <audio controls preload="none" src={message.media_url} className="h-10 w-full max-w-xs" aria-label="Écouter le message vocal" />
      ) : (
        message.transcript_status && <p className="text-xs text-slate-500">Enregistrement supprimé après 30 jours.</p>
      )}
      {message.transcript_status === "ok" && message.transcript ? (
        <p className="rounded-lg bg-slate-50 px-2 py-1 text-xs text-slate-700" data-testid="voice-transcript">
          <span className="font-semibold">Transcription : </span>« {message.transcript} »
        </p>
      ) : (
        transcriptProblems[message.transcript_status] && (
          <p className="text-xs text-amber-700" data-testid="voice-transcript">
            {transcriptProblems[message.transcript_status]}
          </p>
        )
      )}
    </div>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  return (
    <li className={cn("max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm sm:max-w-[75%]", bubbleStyles[message.sender])} data-sender={message.sender}>
      <p className={cn("mb-0.5 text-xs font-semibold", message.sender === "agent" ? "text-brand-50" : "text-slate-500")}>
        {message.sender === "ai" && <Bot aria-hidden="true" className="mr-1 inline h-3 w-3" />}
        {message.sender_label}
      </p>
      <p className="break-words whitespace-pre-line">{message.content}</p>
      {message.kind === "audio" && <VoiceNote message={message} />}
      {message.sender === "ai" && message.intent_label && (
        <p className="mt-1 text-[11px] text-violet-700" data-testid="message-intent">
          Intention : {message.intent_label}
        </p>
      )}
      <p className={cn("mt-1 text-right text-[11px]", message.sender === "agent" ? "text-brand-100" : "text-slate-400")}>
        <time dateTime={message.time}>{formatTime(message.time)}</time>
        <MessageDelivery message={message} />
      </p>
    </li>
  );
}

function ChatPanel({ conversationId, listed, onBack }: { conversationId: number; listed: Conversation | null; onBack: () => void }) {
  const messages = useConversationMessages(conversationId);
  // The list may filter the conversation out (a reply marks it read): the messages call names it too.
  const conversation = messages.data?.pages[0]?.conversation ?? listed;
  const send = useSendMessage();
  const markRead = useMarkConversationRead();
  const [draft, setDraft] = useState("");
  const end = useRef<HTMLDivElement>(null);

  const ordered = useMemo(() => chatMessages(messages.data?.pages ?? []), [messages.data]);
  const latestId = ordered.at(-1)?.id;

  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [latestId]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content || !conversation) return;
    send.mutate(
      { conversationId: conversation.id, content },
      {
        onSuccess: () => setDraft(""),
        onError: (error) => toast.error("Message non envoyé", getErrorMessage(error)),
      },
    );
  };

  if (!conversation) {
    return messages.isError ? (
      <div className="p-4">
        <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />
      </div>
    ) : (
      <LoadingSkeleton rows={3} className="p-4" label="Chargement des messages..." />
    );
  }

  return (
    <section aria-label={`Conversation avec ${contactName(conversation.contact)}`} className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2.5">
        <button
          type="button"
          onClick={onBack}
          aria-label="Retour aux conversations"
          className="flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 md:hidden"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900">{contactName(conversation.contact)}</h2>
          <p className="truncate text-xs text-slate-500" data-testid="contact-number">
            {formatPhone(conversation.contact.whatsapp_number) || "Sans numéro"}
          </p>
        </div>
        <ModeSwitch conversation={conversation} />
        <Button
          variant="ghost"
          className="min-h-9 px-2.5 py-1.5"
          disabled={conversation.unread === 0}
          loading={markRead.isPending}
          onClick={() =>
            markRead.mutate(conversation.id, {
              onSuccess: () => toast.success("Conversation marquée comme lue"),
              onError: (error) => toast.error("Erreur", getErrorMessage(error)),
            })
          }
        >
          <CheckCheck aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">Marquer comme lu</span>
          <span className="sr-only sm:hidden">Marquer comme lu</span>
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4">
        {messages.isPending ? (
          <LoadingSkeleton rows={3} label="Chargement des messages..." />
        ) : messages.isError ? (
          <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />
        ) : ordered.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-500">Aucun message dans cette conversation.</p>
        ) : (
          <>
            {messages.hasNextPage && (
              <div className="mb-3 flex justify-center">
                <Button variant="secondary" loading={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
                  Messages plus anciens
                </Button>
              </div>
            )}
            <ol className="flex flex-col gap-2" aria-label="Messages" data-testid="messages">
              {ordered.map((message) => (
                <MessageBubble key={message.id} message={message} />
              ))}
            </ol>
          </>
        )}
        <div ref={end} />
      </div>
      {!conversation.window_open && ordered.some((message) => message.sender === "user") ? (
        <TemplateComposer conversation={conversation} />
      ) : (
      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 bg-white p-3">
        <label htmlFor="chat-message" className="sr-only">
          Votre message
        </label>
        <textarea
          id="chat-message"
          name="content"
          rows={1}
          maxLength={4096}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) onSubmit(event);
          }}
          placeholder="Écrire un message..."
          className={inputClasses(false, "max-h-32 resize-none")}
        />
        <Button type="submit" loading={send.isPending} disabled={!draft.trim()} aria-label="Envoyer">
          <Send aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">Envoyer</span>
        </Button>
      </form>
      )}
    </section>
  );
}

export default function ConversationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState("");
  const [unreadOnly, setUnreadOnly] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = useConversations({ search: debouncedSearch, unread: unreadOnly });
  const selectedId = Number(searchParams.get(CONVERSATION_PARAM)) || null;

  const conversations = list.data?.pages.flatMap((page) => page.results) ?? [];
  const counters = list.data?.pages[0]?.counters;
  const listed = conversations.find((conversation) => conversation.id === selectedId) ?? null;
  const selected = selectedId !== null;
  const filtering = !!debouncedSearch || unreadOnly;

  const select = (id: number | null) =>
    setSearchParams(id ? { [CONVERSATION_PARAM]: String(id) } : {}, { replace: false });

  const filterButton = (active: boolean) =>
    cn(
      "rounded-full px-3 py-1.5 text-sm font-medium",
      active ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50",
    );

  const listView = (
    <div className={cn("flex min-h-0 w-full min-w-0 flex-col md:w-80 md:shrink-0 md:border-r md:border-slate-200 lg:w-96", selected && "hidden md:flex")}>
      <div className="space-y-3 border-b border-slate-200 p-3">
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <label htmlFor="conversation-search" className="sr-only">
            Rechercher une conversation
          </label>
          <input
            id="conversation-search"
            type="search"
            name="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Rechercher un contact, un numéro, un message..."
            className={inputClasses(false, "pl-9")}
          />
        </div>
        <div className="flex gap-2" role="group" aria-label="Filtrer les conversations">
          <button type="button" aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)} className={filterButton(!unreadOnly)}>
            Toutes{counters ? ` (${counters.total})` : ""}
          </button>
          <button type="button" aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)} className={filterButton(unreadOnly)}>
            Non lues{counters ? ` (${counters.unread})` : ""}
          </button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {list.isPending ? (
          <LoadingSkeleton rows={5} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : conversations.length === 0 ? (
          filtering ? (
            <p className="px-3 py-8 text-center text-sm text-slate-500">
              {unreadOnly && !debouncedSearch ? "Aucune conversation non lue." : "Aucune conversation ne correspond à votre recherche."}
            </p>
          ) : (
            <EmptyState icon={MessageSquare} title="Aucune conversation pour le moment" action={<ConnectWhatsAppLink />} className="border-0">
              Les échanges de vos clients sur WhatsApp, avec les réponses de l'IA, apparaîtront ici. Commencez par connecter votre
              numéro WhatsApp.
            </EmptyState>
          )
        ) : (
          <>
            <ul className="space-y-1" aria-label="Conversations">
              {conversations.map((conversation) => (
                <ConversationRow
                  key={conversation.id}
                  conversation={conversation}
                  selected={conversation.id === selectedId}
                  onSelect={() => select(conversation.id)}
                />
              ))}
            </ul>
            <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
          </>
        )}
      </div>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Conversations IA"
        description={
          counters
            ? `${counters.total} conversation${counters.total > 1 ? "s" : ""}, ${counters.unread_messages} message${counters.unread_messages > 1 ? "s" : ""} non lu${counters.unread_messages > 1 ? "s" : ""}`
            : "Les échanges de vos clients, traités par l'IA."
        }
      />
      <ConversationBanners counters={counters} />
      <div className="flex h-[calc(100dvh-11rem)] min-h-[28rem] overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {listView}
        <div className={cn("min-w-0 flex-1", selected ? "flex flex-col" : "hidden md:flex md:flex-col")}>
          {selectedId !== null ? (
            <ChatPanel key={selectedId} conversationId={selectedId} listed={listed} onBack={() => select(null)} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center p-6 text-center text-slate-500">
              <MessageSquare aria-hidden="true" className="h-10 w-10 text-slate-300" />
              <p className="mt-3 text-sm">Sélectionnez une conversation pour lire les messages et répondre.</p>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
