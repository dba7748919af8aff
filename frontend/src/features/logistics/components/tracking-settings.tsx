/** « Page de suivi des clients »: whether the customer's tracking page shows the driver's phone. */
import { Card, ErrorState, LoadingSkeleton } from "@/components/states";
import { Switch } from "@/components/Switch";
import { toast } from "@/components/toast";
import { getErrorMessage } from "@/lib/errors";

import { useTrackingSettings, useUpdateTrackingSettings } from "../api/tracking-settings";

export const SHOW_DRIVER_PHONE_LABEL = "Montrer le numéro du livreur aux clients";

export function TrackingSettingsCard() {
  const settings = useTrackingSettings();
  const update = useUpdateTrackingSettings();
  return (
    <Card aria-labelledby="tracking-settings-title" data-testid="tracking-settings">
      <h2 id="tracking-settings-title" className="text-lg font-semibold text-slate-900">
        Page de suivi des clients
      </h2>
      {settings.isPending ? (
        <LoadingSkeleton rows={1} className="mt-3" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} className="mt-3" />
      ) : (
        <Switch
          label={SHOW_DRIVER_PHONE_LABEL}
          description="Sur la page de suivi envoyée au client, le prénom du livreur est toujours affiché ; son numéro seulement si vous l'autorisez."
          checked={settings.data.show_driver_phone}
          disabled={update.isPending}
          onChange={(checked) =>
            update.mutate(
              { show_driver_phone: checked },
              {
                onSuccess: () =>
                  toast.success(
                    checked ? "Numéro du livreur affiché" : "Numéro du livreur masqué",
                    checked ? "Vos clients verront le numéro du livreur sur leur page de suivi." : "Vos clients ne verront que le prénom du livreur.",
                  ),
                onError: (error) => toast.error("Erreur de mise à jour", getErrorMessage(error)),
              },
            )
          }
        />
      )}
    </Card>
  );
}
