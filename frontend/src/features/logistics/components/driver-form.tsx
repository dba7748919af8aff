/** « Ajouter un livreur » and « Modifier le livreur »: name, phone, vehicle, home commune, lagoon side. */
import { useState, type FormEvent } from "react";

import { SelectField, TextField } from "@/components/Field";
import { toast } from "@/components/toast";
import { formatPhone } from "@/lib/phone";

import { useCreateDriver, useUpdateDriver } from "../api/manage-driver";
import { COMMUNES, type Driver, type LagoonSide, type Vehicle } from "../types";
import { FormShell } from "./logistics-forms";

export function DriverForm({ driver, onDone }: { driver?: Driver; onDone: () => void }) {
  const create = useCreateDriver();
  const update = useUpdateDriver();
  const mutation = driver ? update : create;
  const [form, setForm] = useState({
    name: driver?.name ?? "",
    phone: driver ? formatPhone(driver.phone) : "+225 ",
    vehicle: (driver?.vehicle ?? "moto") as Vehicle,
    commune: driver?.commune ?? "Cocody",
    side: (driver?.side ?? "") as LagoonSide | "",
  });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      name: form.name.trim(),
      phone: form.phone.trim(),
      vehicle: form.vehicle,
      commune: form.commune,
      ...(form.side ? { side: form.side } : {}),
    };
    const onSuccess = (saved: Driver) => {
      toast.success(driver ? "Livreur modifié" : "Livreur ajouté", `${saved.name} — ${formatPhone(saved.phone)}`);
      onDone();
    };
    if (driver) update.mutate({ id: driver.id, ...payload }, { onSuccess });
    else create.mutate(payload, { onSuccess });
  };

  return (
    <FormShell
      title={driver ? "Modifier le livreur" : "Ajouter un livreur"}
      error={mutation.error}
      onCancel={onDone}
      submitLabel={driver ? "Enregistrer" : "Ajouter"}
      pending={mutation.isPending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nom" name="name" value={form.name} onChange={set("name")} required maxLength={120} />
        <TextField label="Téléphone" name="phone" type="tel" value={form.phone} onChange={set("phone")} required />
        <SelectField label="Véhicule" name="vehicle" value={form.vehicle} onChange={set("vehicle")}>
          <option value="moto">Moto</option>
          <option value="voiture">Voiture</option>
        </SelectField>
        <SelectField label="Commune de base" name="commune" value={form.commune} onChange={set("commune")}>
          {COMMUNES.map((commune) => (
            <option key={commune}>{commune}</option>
          ))}
        </SelectField>
        <SelectField
          label="Rive de la lagune"
          name="side"
          value={form.side}
          onChange={set("side")}
          hint="Une moto ne traverse pas les ponts : elle ne livre que sa rive."
        >
          <option value="">Celle de la commune</option>
          <option value="north">Nord</option>
          <option value="south">Sud</option>
        </SelectField>
      </div>
    </FormShell>
  );
}
