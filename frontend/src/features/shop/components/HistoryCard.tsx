/** « Historique »: the shop's last versions (each full replacement, import, restore or burst of
 * dashboard edits keeps the state it changed) with « Restaurer », confirmed inline. */
import { History, RotateCcw } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { EmptyState, ErrorState, LoadingSkeleton } from "@/components/states";
import { getErrorMessage } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";

import { useShopVersions } from "../api/get-shop-versions";
import { useRestoreShopVersion } from "../api/restore-shop-version";
import { formatVersionCounts } from "../lib/labels";
import type { ShopVersion } from "../types";
import { SectionCard } from "./ProfileCards";

function VersionRow({ version }: { version: ShopVersion }) {
  const [confirming, setConfirming] = useState(false);
  const restore = useRestoreShopVersion();
  const when = formatDateTime(version.created_at);
  const onConfirm = () =>
    restore.mutate(version.id, {
      onSuccess: (document) => {
        setConfirming(false);
        toast.success("Version restaurée", `${document.products.length} produits, ${document.delivery_zones.length} zones de livraison`);
      },
      onError: (error) => toast.error("Restauration impossible", getErrorMessage(error)),
    });

  return (
    <li className="py-3" data-testid="version-row" data-version={version.id}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{version.name || "Boutique sans nom"}</p>
          <p className="text-sm text-slate-500">
            <time dateTime={version.created_at}>{when}</time>
          </p>
          <p className="mt-0.5 text-sm text-slate-600" data-testid="version-counts">
            {formatVersionCounts(version.counts)}
          </p>
          <p className="mt-0.5 text-xs break-words text-slate-500">
            Remplacée par : {version.source_label.charAt(0).toLowerCase() + version.source_label.slice(1)}
            {version.actor ? ` (${version.actor})` : ""}
          </p>
        </div>
        {!confirming && (
          <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Restaurer la version du ${when}`}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Restaurer
          </Button>
        )}
      </div>
      {confirming && (
        <div role="alertdialog" aria-label="Confirmer la restauration" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p>
            Toute la boutique (produits, zones, questions, horaires…) reprendra cette version du {when}. La boutique actuelle
            restera dans l'historique : vous pourrez revenir en arrière.
          </p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={restore.isPending}>
              Annuler
            </Button>
            <Button onClick={onConfirm} loading={restore.isPending}>
              Confirmer la restauration
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

export function HistoryCard() {
  const versions = useShopVersions();
  return (
    <SectionCard
      id="shop-history"
      title="Historique"
      description="Les 10 dernières versions de votre boutique, gardées à chaque import, restauration ou série de modifications."
    >
      {versions.isError ? (
        <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />
      ) : !versions.data ? (
        <LoadingSkeleton rows={2} />
      ) : versions.data.length === 0 ? (
        <EmptyState icon={History} title="Aucune version précédente">
          Dès que vous modifiez ou importez votre boutique, la version d'avant est gardée ici et peut être restaurée.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="versions-list">
          {versions.data.map((version) => (
            <VersionRow key={version.id} version={version} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
