/** The logistics quick actions' forms: planifier, signaler un retard, assigner un livreur, optimiser. */
import { Route } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { FieldShell, SelectField, TextField, inputClasses } from "@/components/Field";
import { toast } from "@/components/toast";
import { getErrorMessage } from "@/lib/errors";

import { useAssignDriver } from "../api/assign-driver";
import { useOptimizeRoute } from "../api/optimize-route";
import { useReportDelay } from "../api/report-delay";
import { useScheduleDelivery } from "../api/schedule-delivery";
import { parseProducts } from "../lib/delivery-status";
import { formatDateTime, formatNumber, fromDateTimeLocal, toDateTimeLocal } from "@/lib/format";
import { COMMUNES, type Delivery, type Driver, type OptimisedRoute, type Priority } from "../types";
import { Badge } from "@/components/states";

export type LogisticsAction = "schedule" | "delay" | "assign" | "optimize";

export function FormShell({ title, error, onCancel, submitLabel, pending, onSubmit, children }: {
  title: string;
  error: unknown;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-500/40" data-testid="logistics-form">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        {error ? <Alert>{getErrorMessage(error)}</Alert> : null}
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}

const inTwoHours = () => toDateTimeLocal(new Date(Date.now() + 2 * 3600 * 1000));

export function ScheduleForm({ drivers, onDone }: { drivers: Driver[]; onDone: () => void }) {
  const schedule = useScheduleDelivery();
  const [form, setForm] = useState({
    customer: "", phone: "+225", address: "", commune: "Cocody", products: "", amount: "", estimated_time: inTwoHours(),
    priority: "medium" as Priority, driver_id: "",
  });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    schedule.mutate(
      {
        customer: form.customer.trim(),
        phone: form.phone.trim(),
        address: form.address.trim(),
        commune: form.commune,
        products: parseProducts(form.products),
        amount: Number(form.amount || 0),
        estimated_time: form.estimated_time ? fromDateTimeLocal(form.estimated_time) : "",
        priority: form.priority,
        ...(form.driver_id ? { driver_id: Number(form.driver_id) } : {}),
      },
      {
        onSuccess: (delivery) => {
          toast.success("Livraison planifiée", `${delivery.id} pour ${delivery.customer}`);
          onDone();
        },
      },
    );
  };

  return (
    <FormShell title="Planifier une livraison" error={schedule.error} onCancel={onDone} submitLabel="Planifier" pending={schedule.isPending} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Client" name="customer" value={form.customer} onChange={set("customer")} required />
        <TextField label="Téléphone" name="phone" type="tel" value={form.phone} onChange={set("phone")} required />
        <TextField label="Adresse" name="address" value={form.address} onChange={set("address")} required />
        <SelectField label="Commune" name="commune" value={form.commune} onChange={set("commune")}>
          {COMMUNES.map((commune) => (
            <option key={commune}>{commune}</option>
          ))}
        </SelectField>
        <FieldShell id="schedule-products" label="Produits (un par ligne ou séparés par des virgules)">
          <textarea id="schedule-products" name="products" rows={2} value={form.products} onChange={set("products")} className={inputClasses(false)} />
        </FieldShell>
        <TextField label="Montant (F CFA)" name="amount" type="number" min={0} inputMode="numeric" value={form.amount} onChange={set("amount")} />
        <TextField label="Heure estimée" name="estimated_time" type="datetime-local" value={form.estimated_time} onChange={set("estimated_time")} />
        <SelectField label="Priorité" name="priority" value={form.priority} onChange={set("priority")}>
          <option value="high">Urgent</option>
          <option value="medium">Normal</option>
          <option value="low">Faible</option>
        </SelectField>
        <SelectField label="Livreur (facultatif)" name="driver_id" value={form.driver_id} onChange={set("driver_id")}>
          <option value="">Aucun pour le moment</option>
          {drivers.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name} — {driver.location.commune}
            </option>
          ))}
        </SelectField>
      </div>
    </FormShell>
  );
}

function DeliverySelect({ deliveries, value, onChange }: { deliveries: Delivery[]; value: string; onChange: (value: string) => void }) {
  return (
    <SelectField label="Livraison" name="reference" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">Choisissez une livraison</option>
      {deliveries.map((delivery) => (
        <option key={delivery.id} value={delivery.id}>
          {delivery.id} — {delivery.customer} ({delivery.status_label})
        </option>
      ))}
    </SelectField>
  );
}

export function DelayForm({ deliveries, onDone }: { deliveries: Delivery[]; onDone: () => void }) {
  const delay = useReportDelay();
  const [reference, setReference] = useState(deliveries[0]?.id ?? "");
  const [estimatedTime, setEstimatedTime] = useState(inTwoHours());
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reference) return setMissing("Choisissez une livraison.");
    setMissing(null);
    delay.mutate(
      { reference, estimated_time: estimatedTime ? fromDateTimeLocal(estimatedTime) : "", note: note.trim() },
      {
        onSuccess: (delivery) => {
          toast.success("Retard signalé", `${delivery.id} : nouvelle heure estimée ${formatDateTime(delivery.estimated_time ?? "")}`);
          onDone();
        },
      },
    );
  };

  return (
    <FormShell title="Signaler un retard" error={missing ? { message: missing, statusCode: 400 } : delay.error} onCancel={onDone} submitLabel="Signaler le retard" pending={delay.isPending} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <DeliverySelect deliveries={deliveries} value={reference} onChange={setReference} />
        <TextField label="Nouvelle heure estimée" name="estimated_time" type="datetime-local" value={estimatedTime} onChange={(event) => setEstimatedTime(event.target.value)} />
      </div>
      <FieldShell id="delay-note" label="Motif">
        <textarea id="delay-note" name="note" rows={2} maxLength={300} value={note} onChange={(event) => setNote(event.target.value)} className={inputClasses(false)} placeholder="Embouteillage sur le pont HKB..." />
      </FieldShell>
    </FormShell>
  );
}

export function AssignForm({ deliveries, drivers, onDone }: { deliveries: Delivery[]; drivers: Driver[]; onDone: () => void }) {
  const assign = useAssignDriver();
  const [reference, setReference] = useState(deliveries.find((delivery) => !delivery.driver)?.id ?? deliveries[0]?.id ?? "");
  const [driverId, setDriverId] = useState(String(drivers.find((driver) => driver.status === "available")?.id ?? drivers[0]?.id ?? ""));
  const [missing, setMissing] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reference || !driverId) return setMissing("Choisissez une livraison et un livreur.");
    setMissing(null);
    assign.mutate(
      { reference, driver_id: Number(driverId) },
      {
        onSuccess: (delivery) => {
          toast.success("Livreur assigné", `${delivery.driver?.name ?? ""} livrera ${delivery.id}`);
          onDone();
        },
      },
    );
  };

  return (
    <FormShell title="Assigner un livreur" error={missing ? { message: missing, statusCode: 400 } : assign.error} onCancel={onDone} submitLabel="Assigner" pending={assign.isPending} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <DeliverySelect deliveries={deliveries} value={reference} onChange={setReference} />
        <SelectField label="Livreur" name="driver_id" value={driverId} onChange={(event) => setDriverId(event.target.value)}>
          <option value="">Choisissez un livreur</option>
          {drivers.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name} — {driver.status_label}, {driver.location.commune}
            </option>
          ))}
        </SelectField>
      </div>
    </FormShell>
  );
}

export function OptimizeForm({ drivers, onDone }: { drivers: Driver[]; onDone: () => void }) {
  const optimize = useOptimizeRoute();
  const [driverId, setDriverId] = useState(String(drivers.find((driver) => driver.open_deliveries > 0)?.id ?? drivers[0]?.id ?? ""));
  const [route, setRoute] = useState<OptimisedRoute | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!driverId) return;
    optimize.mutate(Number(driverId), { onSuccess: setRoute });
  };

  return (
    <FormShell title="Optimiser les trajets" error={optimize.error} onCancel={onDone} submitLabel="Calculer l'ordre" pending={optimize.isPending} onSubmit={onSubmit}>
      <SelectField label="Livreur" name="driver_id" value={driverId} onChange={(event) => { setDriverId(event.target.value); setRoute(null); }}>
        {drivers.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name} — {driver.open_deliveries} livraison{driver.open_deliveries > 1 ? "s" : ""} en cours
          </option>
        ))}
      </SelectField>
      {route && (
        <div data-testid="optimised-route" className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Route aria-hidden="true" className="h-4 w-4 text-brand-700" />
            Nouvel ordre de tournée de {route.driver.name} ({formatNumber(route.total_distance_km, 1)}&nbsp;km)
          </p>
          {route.stops.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Aucune livraison en cours pour ce livreur.</p>
          ) : (
            <ol className="mt-3 space-y-2">
              {route.stops.map((stop) => (
                <li key={stop.delivery.id} className="flex items-start gap-3 text-sm">
                  <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">{stop.position}</span>
                  <span className="min-w-0 flex-1">
                    <span className="font-medium text-slate-900">{stop.delivery.id}</span> — {stop.delivery.customer}, {stop.delivery.commune}
                    <span className="block text-xs text-slate-500">à {formatNumber(stop.distance_km, 1)}&nbsp;km de l'arrêt précédent</span>
                  </span>
                  <Badge>{stop.delivery.status_label}</Badge>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-3 text-xs text-slate-500">{route.explanation}</p>
        </div>
      )}
    </FormShell>
  );
}
