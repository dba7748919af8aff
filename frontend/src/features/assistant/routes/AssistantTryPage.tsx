/**
 * « Tester l'assistant »: the owner chats with the assistant as a customer would, on the shop's real
 * data (POST /assistant/try). Nothing is sent on WhatsApp; a confirmed order is recorded and shows
 * on the Commandes page. « Recommencer » forgets the session.
 */
import { Bot, RotateCcw, Send } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";

import { Button } from "@/components/Button";
import { inputClasses } from "@/components/Field";
import { PageHeader } from "@/components/states";
import { paths } from "@/config/paths";
import { toast } from "@/components/toast";
import { cn } from "@/lib/cn";
import { getErrorMessage } from "@/lib/errors";

import { useResetAssistant } from "../api/reset-assistant";
import { useTryAssistant } from "../api/try-assistant";
import type { AssistantTryResult } from "../types";

interface Line {
  id: number;
  from: "customer" | "assistant" | "note";
  text: string;
  buttons?: string[];
  intent?: string;
}

const newSession = () => Math.random().toString(36).slice(2, 12);

const HANDOFF_NOTE =
  "L'assistant passe la main : sur WhatsApp, la conversation serait confiée à vous (mode humain), vous recevriez une alerte et l'IA se tairait jusqu'à ce que vous la lui rendiez.";

export default function AssistantTryPage() {
  const [session, setSession] = useState(newSession);
  const [lines, setLines] = useState<Line[]>([]);
  const [draft, setDraft] = useState("");
  const nextId = useRef(1);
  const end = useRef<HTMLDivElement>(null);
  const send = useTryAssistant();
  const reset = useResetAssistant();

  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [lines.length]);

  const push = (...added: Omit<Line, "id">[]) =>
    setLines((current) => [...current, ...added.map((line) => ({ ...line, id: nextId.current++ }))]);

  const answered = (result: AssistantTryResult) => {
    const added: Omit<Line, "id">[] = result.replies.map((reply) => ({ from: "assistant", text: reply.text, buttons: reply.buttons }));
    if (result.handoff) added.push({ from: "note", text: HANDOFF_NOTE });
    if (result.order) added.push({ from: "note", text: `Commande ${result.order.reference} enregistrée : elle apparaît dans Commandes.` });
    push(...added);
  };

  const ask = (text: string) => {
    const content = text.trim();
    if (!content || send.isPending) return;
    setLines((current) => [...current, { id: nextId.current++, from: "customer", text: content }]);
    send.mutate(
      { text: content, session },
      {
        onSuccess: (result) => {
          setLines((current) => current.map((line, index) => (index === current.length - 1 && line.from === "customer" ? { ...line, intent: result.intent_label } : line)));
          answered(result);
          setDraft("");
        },
        onError: (error) => toast.error("Message non envoyé", getErrorMessage(error)),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft);
  };

  const restart = () => {
    reset.mutate(
      { session },
      {
        onSettled: () => {
          setSession(newSession());
          setLines([]);
          setDraft("");
        },
      },
    );
  };

  const lastButtons = lines.at(-1)?.from === "assistant" ? (lines.at(-1)?.buttons ?? []) : [];

  return (
    <>
      <PageHeader
        title="Tester l'assistant"
        description="Écrivez comme un client : l'assistant répond avec les données de votre boutique. Rien n'est envoyé sur WhatsApp."
        actions={
          <Button variant="secondary" onClick={restart} loading={reset.isPending}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Recommencer
          </Button>
        }
      />
      <section
        aria-label="Conversation de test"
        className="flex h-[calc(100dvh-17rem)] min-h-[24rem] flex-col overflow-hidden rounded-xl sm:h-[calc(100dvh-13rem)] bg-white shadow-sm ring-1 ring-slate-200"
      >
        <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4">
          {lines.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center p-4 text-center text-sm text-slate-500">
              <Bot aria-hidden="true" className="h-10 w-10 text-slate-300" />
              <p className="mt-3 max-w-sm">
                Essayez « Bonjour, vous avez quoi ? », une question de prix ou une commande complète. Les réponses viennent de{" "}
                <Link to={paths.dashboard.shop} className="font-medium text-brand-700 underline">
                  Ma boutique
                </Link>{" "}
                et du{" "}
                <Link to={paths.dashboard.catalog} className="font-medium text-brand-700 underline">
                  Catalogue
                </Link>
                .
              </p>
            </div>
          ) : (
            <ol className="flex flex-col gap-2" aria-label="Messages" data-testid="try-messages">
              {lines.map((line) =>
                line.from === "note" ? (
                  <li key={line.id} className="mx-auto max-w-[90%] rounded-lg bg-amber-50 px-3 py-2 text-center text-xs text-amber-900 ring-1 ring-amber-200" role="status">
                    {line.text}
                  </li>
                ) : (
                  <li
                    key={line.id}
                    data-sender={line.from}
                    className={cn(
                      "max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm sm:max-w-[75%]",
                      line.from === "customer"
                        ? "ml-auto rounded-br-sm bg-brand-600 text-white"
                        : "mr-auto rounded-bl-sm bg-white text-slate-900 ring-1 ring-violet-200",
                    )}
                  >
                    {line.from === "assistant" && (
                      <p className="mb-0.5 text-xs font-semibold text-slate-500">
                        <Bot aria-hidden="true" className="mr-1 inline h-3 w-3" />
                        Assistant
                      </p>
                    )}
                    <p className="break-words whitespace-pre-line">{line.text}</p>
                    {line.intent && <p className="mt-1 text-right text-[11px] text-brand-100" data-testid="intent">Intention : {line.intent}</p>}
                  </li>
                ),
              )}
            </ol>
          )}
          <div ref={end} />
        </div>
        {lastButtons.length > 0 && (
          <div className="flex flex-wrap gap-2 border-t border-slate-200 bg-white px-3 pt-3" role="group" aria-label="Réponses rapides">
            {lastButtons.map((label) => (
              <Button key={label} variant="secondary" className="min-h-9 px-3 py-1.5" onClick={() => ask(label)} disabled={send.isPending}>
                {label}
              </Button>
            ))}
          </div>
        )}
        <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 bg-white p-3">
          <label htmlFor="try-message" className="sr-only">
            Votre message
          </label>
          <textarea
            id="try-message"
            name="text"
            rows={1}
            maxLength={1000}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) onSubmit(event);
            }}
            placeholder="Écrire comme un client..."
            className={inputClasses(false, "max-h-32 resize-none")}
          />
          <Button type="submit" loading={send.isPending} disabled={!draft.trim()} aria-label="Envoyer">
            <Send aria-hidden="true" className="h-4 w-4" />
            <span className="hidden sm:inline">Envoyer</span>
          </Button>
        </form>
      </section>
    </>
  );
}
