/** The optional language model in the dashboard: the switch of « Ma boutique » and the usage cards of
 * the statistics page. The model's render nothing until the server says a model exists on the platform;
 * the voice notes' card shows once notes can be transcribed (provider or model on the server) or came. */
import { Switch } from "@/components/Switch";
import { toast } from "@/components/toast";
import { Card } from "@/components/states";
import { getErrorMessage } from "@/lib/errors";
import { formatNumber } from "@/lib/format";

import { useAssistantLlm, useSetAssistantLlm } from "../api/llm-settings";
import { useAssistantTranscription } from "../api/transcription-usage";

export function LlmSwitchCard() {
  const llm = useAssistantLlm();
  const update = useSetAssistantLlm();
  if (!llm.data?.available) return null;
  return (
    <Card aria-labelledby="assistant-llm-title" data-testid="assistant-llm">
      <h2 id="assistant-llm-title" className="text-lg font-semibold text-slate-900">
        Réponses plus naturelles
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Un modèle de langage reformule les réponses de l'assistant. Les prix, produits, zones et frais viennent
        toujours de vos données : une réponse qui s'en écarte est remplacée par celle de l'assistant intégré.
      </p>
      <div className="mt-4">
        <Switch
          label="Activer le modèle de langage"
          checked={llm.data.enabled}
          disabled={update.isPending}
          onChange={(enabled) =>
            update.mutate(enabled, {
              onSuccess: () => toast.success(enabled ? "Modèle de langage activé" : "Modèle de langage désactivé"),
              onError: (error) => toast.error("Réglage non enregistré", getErrorMessage(error)),
            })
          }
        />
      </div>
    </Card>
  );
}

/** The statistics page's assistant usage: the language model's card and the voice notes' card. */
export function LlmUsageCard() {
  return (
    <div className="space-y-6">
      <LanguageModelUsageCard />
      <VoiceNotesUsageCard />
    </div>
  );
}

function UsageRows({ rows }: { rows: string[][] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const ENGINES = {
  provider: "Transcrits par le service de transcription configuré.",
  local: "Transcrits sur le serveur (modèle Whisper), sans service extérieur.",
  none: "Aucune transcription configurée : les clients sont invités à écrire.",
} as const;

function VoiceNotesUsageCard() {
  const transcription = useAssistantTranscription();
  const usage = transcription.data;
  if (!usage || (usage.engine === "none" && usage.voice_notes === 0)) return null;
  const rows = [
    ["Messages vocaux reçus", formatNumber(usage.voice_notes)],
    ["Compris et répondus", formatNumber(usage.heard)],
    ["Minutes d'audio", formatNumber(usage.audio_minutes, 1)],
    ["Échecs", formatNumber(usage.failures)],
    ["Pas assez clairs", formatNumber(usage.unclear)],
    ["Trop longs ou trop lourds", formatNumber(usage.refused)],
    ["Temps moyen", usage.average_latency_ms === null ? "—" : `${formatNumber(usage.average_latency_ms)} ms`],
  ];
  return (
    <Card aria-labelledby="voice-usage-title" data-testid="voice-usage">
      <h2 id="voice-usage-title" className="text-lg font-semibold text-slate-900">
        Messages vocaux ({usage.days} derniers jours)
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ENGINES[usage.engine]}</p>
      <UsageRows rows={rows} />
    </Card>
  );
}

function LanguageModelUsageCard() {
  const llm = useAssistantLlm();
  if (!llm.data?.available || (!llm.data.enabled && llm.data.usage.replies === 0)) return null;
  const { usage } = llm.data;
  const rows = [
    ["Réponses", formatNumber(usage.replies)],
    ["Appels au modèle", formatNumber(usage.calls)],
    ["Jetons", formatNumber(usage.prompt_tokens + usage.completion_tokens)],
    ["Réponses de l'assistant intégré à la place", formatNumber(usage.fallbacks)],
    ["Temps moyen", usage.average_latency_ms === null ? "—" : `${formatNumber(usage.average_latency_ms)} ms`],
  ];
  return (
    <Card aria-labelledby="llm-usage-title" data-testid="llm-usage">
      <h2 id="llm-usage-title" className="text-lg font-semibold text-slate-900">
        Modèle de langage ({usage.days} derniers jours)
      </h2>
      <UsageRows rows={rows} />
    </Card>
  );
}
