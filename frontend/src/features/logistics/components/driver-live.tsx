/** The live parts of a driver's row: his last position and its age, and his page's link actions. */
import { Link2, MapPin, Send } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { getErrorMessage } from "@/lib/errors";
import { formatDateTime, formatRelative } from "@/lib/format";

import { useIssueDriverLink, useRevokeDriverLink } from "../api/driver-link";
import { isFresh, osmUrl } from "../lib/live";
import type { Driver, DriverLinkIssued } from "../types";

export function DriverPosition({ driver }: { driver: Driver }) {
  const position = driver.last_position;
  if (!position) {
    return <p className="text-xs text-slate-500">Position : commune de base ({driver.commune}), pas encore de position en direct</p>;
  }
  const fresh = isFresh(position);
  return (
    <p className="flex min-w-0 items-center gap-1 text-xs text-slate-600" data-testid="driver-position" data-lat={position.lat} data-lng={position.lng}>
      <MapPin aria-hidden="true" className={fresh ? "h-3.5 w-3.5 shrink-0 text-sky-600" : "h-3.5 w-3.5 shrink-0 text-slate-400"} />
      <a className="truncate text-brand-700 hover:underline" href={osmUrl(position.lat, position.lng)} target="_blank" rel="noreferrer noopener">
        Position {fresh ? "en direct" : "ancienne"} : {formatRelative(position.recorded_at)}
        {position.accuracy_m != null ? ` (± ${Math.round(position.accuracy_m)} m)` : ""}
      </a>
    </p>
  );
}

function IssuedLink({ issued, name }: { issued: DriverLinkIssued; name: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.url);
      toast.success("Lien copié", `Collez-le dans un message à ${name}.`);
    } catch {
      toast.error("Copie impossible", "Sélectionnez le lien et copiez-le à la main.");
    }
  };
  return (
    <div className="mt-2 space-y-2 rounded-lg bg-slate-50 p-2" data-testid="driver-link">
      <input
        readOnly
        value={issued.url}
        aria-label={`Lien de ${name}`}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
      />
      <div className="flex flex-wrap gap-2">
        <a
          href={issued.share_url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex min-h-9 items-center gap-1 rounded-lg bg-green-600 px-3 text-xs font-semibold text-white hover:bg-green-700"
        >
          <Send aria-hidden="true" className="h-3.5 w-3.5" />
          Envoyer sur WhatsApp
        </a>
        <button type="button" onClick={() => void copy()} className="min-h-9 rounded-lg px-3 text-xs font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-white">
          Copier le lien
        </button>
      </div>
      <p className="text-xs text-slate-500">Valable jusqu'au {formatDateTime(issued.expires_at)}. Ce lien n'est affiché qu'une fois.</p>
    </div>
  );
}

export function DriverLinkActions({ driver }: { driver: Driver }) {
  const issue = useIssueDriverLink();
  const revoke = useRevokeDriverLink();
  const [issued, setIssued] = useState<DriverLinkIssued | null>(null);
  const link = driver.link;
  return (
    <div className="mt-1">
      <p className="text-xs text-slate-500">
        {link
          ? `Lien actif jusqu'au ${formatDateTime(link.expires_at)}${link.sent_via ? " · envoyé sur WhatsApp" : link.send_error ? " · non envoyé : partagez-le" : ""}`
          : "Aucun lien actif vers sa page de livraisons."}
      </p>
      <div className="mt-1 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          className="min-h-9 py-1 text-xs"
          loading={issue.isPending}
          aria-label={`Envoyer le lien à ${driver.name}`}
          onClick={() =>
            issue.mutate(driver.id, {
              onSuccess: (data) => setIssued(data),
              onError: (error) => toast.error("Lien non créé", getErrorMessage(error)),
            })
          }
        >
          <Link2 aria-hidden="true" className="h-3.5 w-3.5" />
          Envoyer le lien
        </Button>
        {(link || issued) && (
          <button
            type="button"
            className="min-h-9 text-xs font-medium text-red-700 hover:underline disabled:opacity-50"
            disabled={revoke.isPending}
            aria-label={`Révoquer le lien de ${driver.name}`}
            onClick={() =>
              revoke.mutate(driver.id, {
                onSuccess: () => {
                  setIssued(null);
                  toast.success("Lien révoqué", `${driver.name} devra recevoir un nouveau lien.`);
                },
                onError: (error) => toast.error("Révocation refusée", getErrorMessage(error)),
              })
            }
          >
            Révoquer le lien
          </button>
        )}
      </div>
      {issued && <IssuedLink issued={issued} name={driver.name} />}
    </div>
  );
}
