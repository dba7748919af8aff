/** Add or edit a delivery zone: served or not, fee, vehicle, ETA range and minimum order. */
import { useState, type FormEvent } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { SelectField, TextField } from "@/components/Field";
import { Sheet } from "@/components/Sheet";
import { toast } from "@/components/toast";
import { Switch } from "@/components/Switch";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { useCreateZone } from "../api/create-zone";
import { useUpdateZone } from "../api/update-zone";
import type { Vehicle, Zone, ZoneInput } from "../types";

const MSG_AMOUNT = "Indiquez un nombre entier positif.";

const toText = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
const isWhole = (text: string) => /^\d+$/.test(text.trim());

export function ZoneSheet({ zone, onClose }: { zone: Zone | null; onClose: () => void }) {
  const create = useCreateZone();
  const update = useUpdateZone();
  const mutation = zone ? update : create;
  const [form, setForm] = useState({
    name: zone?.name ?? "",
    areas: zone?.areas.join(", ") ?? "",
    served: zone?.served ?? true,
    fee: toText(zone?.fee),
    vehicle: (zone?.vehicle ?? "moto") as Vehicle,
    eta_min: toText(zone?.eta_minutes?.[0]),
    eta_max: toText(zone?.eta_minutes?.[1]),
    min_order: toText(zone?.min_order ?? 0),
  });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const serverErrors = (mutation.error as ApiError | null)?.errors ?? {};
  const errorOf = (field: string) => localErrors[field] ?? serverErrors[field]?.[0];
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!form.name.trim()) errors.name = "Ce champ est obligatoire.";
    if (form.served) {
      if (!isWhole(form.fee)) errors.fee = MSG_AMOUNT;
      if (form.min_order.trim() && !isWhole(form.min_order)) errors.min_order = MSG_AMOUNT;
      if ((form.eta_min.trim() || form.eta_max.trim()) && !(isWhole(form.eta_min) && isWhole(form.eta_max))) {
        errors.eta_minutes = "Indiquez le délai minimum et maximum en minutes.";
      }
    }
    setLocalErrors(errors);
    if (Object.keys(errors).length) return;
    const served = form.served;
    const input: ZoneInput = {
      name: form.name.trim(),
      areas: form.areas.split(",").map((area) => area.trim()).filter(Boolean),
      served,
      fee: served ? Number(form.fee) : null,
      vehicle: served ? form.vehicle : null,
      eta_minutes: served && form.eta_min.trim() ? [Number(form.eta_min), Number(form.eta_max)] : null,
      min_order: served ? Number(form.min_order || 0) : null,
    };
    const onSuccess = (saved: Zone) => {
      toast.success(zone ? "Zone modifiée" : "Zone ajoutée", saved.name);
      onClose();
    };
    if (zone) update.mutate({ id: zone.id, ...input }, { onSuccess });
    else create.mutate(input, { onSuccess });
  };

  const generalError = mutation.error && !Object.keys(serverErrors).length ? getErrorMessage(mutation.error) : null;

  return (
    <Sheet title={zone ? "Modifier la zone" : "Ajouter une zone"} onClose={onClose} testId="zone-sheet">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {generalError && <Alert>{generalError}</Alert>}
        <TextField label="Nom de la zone" name="name" value={form.name} onChange={set("name")} error={errorOf("name")} placeholder="Cocody" />
        <TextField
          label="Quartiers"
          name="areas"
          value={form.areas}
          onChange={set("areas")}
          error={errorOf("areas")}
          hint="Séparés par des virgules : Angré, Deux-Plateaux..."
          optional
        />
        <Switch
          label="Zone desservie"
          description="Une zone non desservie est nommée pour que l'assistant dise qu'elle n'est pas livrée."
          checked={form.served}
          onChange={(served) => setForm({ ...form, served })}
        />
        {form.served && (
          <>
            <div className="grid grid-cols-2 gap-3">
              <TextField label="Frais (F CFA)" name="fee" inputMode="numeric" value={form.fee} onChange={set("fee")} error={errorOf("fee")} />
              <SelectField label="Véhicule" name="vehicle" value={form.vehicle} onChange={set("vehicle")} error={errorOf("vehicle")}>
                <option value="moto">Moto</option>
                <option value="voiture">Voiture</option>
              </SelectField>
            </div>
            <div className="grid grid-cols-2 gap-3">
              <TextField label="Délai min. (min)" name="eta_min" inputMode="numeric" value={form.eta_min} onChange={set("eta_min")} error={errorOf("eta_minutes")} />
              <TextField label="Délai max. (min)" name="eta_max" inputMode="numeric" value={form.eta_max} onChange={set("eta_max")} />
            </div>
            <TextField
              label="Minimum de commande (F CFA)"
              name="min_order"
              inputMode="numeric"
              value={form.min_order}
              onChange={set("min_order")}
              error={errorOf("min_order")}
              hint="Produits seuls, hors frais de livraison. 0 : pas de minimum."
            />
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
