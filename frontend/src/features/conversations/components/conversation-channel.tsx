/**
 * The WhatsApp channel's parts of Conversations IA: the banners (plan cap, « Reconnectez WhatsApp »),
 * the mode switch, a sent message's status with the reason of a failure, and the composer's
 * template picker outside the 24 h window.
 */
import { Bot, Hand, RefreshCw } from "lucide-react";
import { useState } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { useWhatsAppStatus } from "@/features/whatsapp";
import { getErrorMessage } from "@/lib/errors";

import { useWhatsAppTemplates } from "../api/get-whatsapp-templates";
import { useSendTemplate } from "../api/send-template";
import { useUpdateConversationMode } from "../api/update-conversation-mode";
import type { ChatMessage, Conversation, ConversationCounters } from "../types";
import { ConnectWhatsAppLink } from "@/components/ConnectWhatsAppLink";

export const PLAN_CAP_TITLE = "Limite de conversations du plan atteinte";
export const PLAN_CAP_TEXT =
  "Des clients vous ont écrit alors que la limite mensuelle de conversations de votre plan était atteinte : leurs messages sont bien enregistrés ici, mais l'IA n'y répond pas. Répondez-leur vous-même ou passez à un plan supérieur.";
export const RECONNECT_TITLE = "Reconnectez WhatsApp";
export const RECONNECT_TEXT =
  "WhatsApp a refusé l'accès de Flux IA à votre numéro (jeton expiré) : aucun message ne part tant que vous ne l'avez pas reconnecté.";
export const WINDOW_CLOSED_TEXT =
  "Plus de 24 h depuis le dernier message du client : WhatsApp n'autorise qu'un modèle de message approuvé.";

export function ConversationBanners({ counters }: { counters: ConversationCounters | undefined }) {
  const status = useWhatsAppStatus().data;
  return (
    <>
      {status?.needs_reconnect && (
        <Alert tone="error" title={RECONNECT_TITLE} className="mb-3">
          <p>{RECONNECT_TEXT}</p>
          <div className="mt-2">
            <ConnectWhatsAppLink />
          </div>
        </Alert>
      )}
      {!!counters?.over_quota && (
        <Alert tone="info" title={PLAN_CAP_TITLE} className="mb-3">
          <p data-testid="plan-cap-banner">{PLAN_CAP_TEXT}</p>
        </Alert>
      )}
    </>
  );
}

export function ModeSwitch({ conversation }: { conversation: Conversation }) {
  const update = useUpdateConversationMode();
  const human = conversation.mode === "human";
  return (
    <Button
      variant={human ? "primary" : "secondary"}
      className="min-h-9 px-2.5 py-1.5"
      loading={update.isPending}
      data-testid="mode-switch"
      onClick={() =>
        update.mutate(
          { conversationId: conversation.id, mode: human ? "ai" : "human" },
          {
            onSuccess: (updated) =>
              toast.success(updated.mode === "human" ? "Vous avez repris la main" : "Conversation rendue à l'IA"),
            onError: (error) => toast.error("Erreur", getErrorMessage(error)),
          },
        )
      }
    >
      {human ? <Bot aria-hidden="true" className="h-4 w-4" /> : <Hand aria-hidden="true" className="h-4 w-4" />}
      {human ? "Rendre à l'IA" : "Reprendre la main"}
    </Button>
  );
}

/** « Envoyé », « Distribué », « Lu », or « Échec de l'envoi » with Meta's reason in French. */
export function MessageDelivery({ message }: { message: ChatMessage }) {
  if (message.sender === "user") return null;
  return (
    <>
      <span data-testid="message-status" data-status={message.status}>
        {" "}
        · {message.status_label}
      </span>
      {message.status === "failed" && message.error_reason && (
        <span className="mt-1 block text-left font-medium whitespace-normal text-red-700" data-testid="message-error">
          {message.error_reason}
        </span>
      )}
    </>
  );
}

export function TemplateComposer({ conversation }: { conversation: Conversation }) {
  const templates = useWhatsAppTemplates(true);
  const send = useSendTemplate();
  const [chosen, setChosen] = useState("");
  const template = templates.data?.find((item) => `${item.name}:${item.language}` === chosen);
  return (
    <div className="space-y-2 border-t border-slate-200 bg-white p-3" data-testid="template-composer">
      <p className="text-sm text-amber-800">{WINDOW_CLOSED_TEXT}</p>
      {templates.isError ? (
        <p className="text-sm text-red-700">
          {getErrorMessage(templates.error)}{" "}
          <button type="button" className="underline" onClick={() => void templates.refetch()}>
            <RefreshCw aria-hidden="true" className="inline h-3 w-3" /> Réessayer
          </button>
        </p>
      ) : templates.data && templates.data.length === 0 ? (
        <p className="text-sm text-slate-600">Aucun modèle approuvé sur votre compte WhatsApp Business.</p>
      ) : (
        <div className="flex items-end gap-2">
          <label className="min-w-0 flex-1 text-sm">
            <span className="sr-only">Modèle de message</span>
            <select
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              disabled={templates.isPending}
            >
              <option value="">{templates.isPending ? "Chargement des modèles..." : "Choisir un modèle approuvé"}</option>
              {templates.data?.map((item) => (
                <option key={`${item.name}:${item.language}`} value={`${item.name}:${item.language}`}>
                  {item.name} ({item.language}) — {item.body.slice(0, 60)}
                </option>
              ))}
            </select>
          </label>
          <Button
            disabled={!template}
            loading={send.isPending}
            onClick={() =>
              template &&
              send.mutate(
                { conversationId: conversation.id, template },
                {
                  onSuccess: () => setChosen(""),
                  onError: (error) => toast.error("Modèle non envoyé", getErrorMessage(error)),
                },
              )
            }
          >
            Envoyer le modèle
          </Button>
        </div>
      )}
    </div>
  );
}
