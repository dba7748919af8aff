/** The « Ma boutique » cards that edit the profile's sections (PATCH /shop/profile). */
import { useId, useState, type FormEvent, type ReactNode } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { FieldShell, TextField, inputClasses } from "@/components/Field";
import { toast } from "@/components/toast";
import { Badge, Card } from "@/components/states";
import { Switch } from "@/components/Switch";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { useUpdateShopProfile } from "../api/update-shop-profile";
import { PAYMENT_LABELS, WEEKDAYS } from "../lib/labels";
import type { Hours, PaymentCode, PaymentMethod, ShopProfile } from "../types";

function SectionCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** One PATCH per card: toasts on success, the server's first error otherwise. */
function useSectionSave(successTitle: string) {
  const update = useUpdateShopProfile();
  const save = (changes: Parameters<typeof update.mutate>[0]) =>
    update.mutate(changes, { onSuccess: () => toast.success(successTitle) });
  const fieldErrors = (update.error as ApiError | null)?.errors ?? {};
  return { save, pending: update.isPending, error: update.error, fieldErrors };
}

function SaveRow({ pending }: { pending: boolean }) {
  return (
    <div className="flex justify-end pt-1">
      <Button type="submit" loading={pending}>
        Enregistrer
      </Button>
    </div>
  );
}

export function AddressCard({ profile }: { profile: ShopProfile }) {
  const { save, pending, error, fieldErrors } = useSectionSave("Adresse enregistrée");
  const descriptionId = useId();
  const [form, setForm] = useState({
    name: profile.name,
    description: profile.description,
    text: profile.address.text,
    commune: profile.address.commune,
    landmark: profile.address.landmark,
    phone: profile.phone,
    pickup: profile.pickup.available,
    pickup_min: profile.pickup.eta_minutes ? String(profile.pickup.eta_minutes[0]) : "",
    pickup_max: profile.pickup.eta_minutes ? String(profile.pickup.eta_minutes[1]) : "",
  });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const eta = form.pickup_min.trim() && form.pickup_max.trim() ? [Number(form.pickup_min), Number(form.pickup_max)] : null;
    save({
      name: form.name,
      description: form.description,
      phone: form.phone,
      address: { ...profile.address, text: form.text, commune: form.commune, landmark: form.landmark },
      pickup: { available: form.pickup, eta_minutes: eta as [number, number] | null },
    });
  };
  const first = (key: string) => fieldErrors[key]?.[0];
  return (
    <SectionCard id="shop-address" title="Boutique et adresse" description="Ce que l'assistant répond quand on demande où vous trouver.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {error && !Object.keys(fieldErrors).length ? <Alert>{getErrorMessage(error)}</Alert> : null}
        <TextField label="Nom de la boutique" name="name" value={form.name} onChange={set("name")} error={first("name")} />
        <FieldShell id={descriptionId} label="Présentation" optional>
          <textarea id={descriptionId} name="description" rows={2} value={form.description} onChange={set("description")} className={inputClasses(false)} />
        </FieldShell>
        <TextField label="Adresse" name="address_text" value={form.text} onChange={set("text")} error={first("address.text")} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Commune" name="commune" value={form.commune} onChange={set("commune")} error={first("address.commune")} />
          <TextField label="Téléphone" name="phone" type="tel" value={form.phone} onChange={set("phone")} error={first("phone")} placeholder="+225 07 00 00 00 00" />
        </div>
        <TextField
          label="Point de repère"
          name="landmark"
          value={form.landmark}
          onChange={set("landmark")}
          error={first("address.landmark")}
          hint="Ce que tout le monde connaît : « en face de la pharmacie », « derrière le marché »..."
        />
        <Switch label="Retrait à la boutique" checked={form.pickup} onChange={(pickup) => setForm({ ...form, pickup })} />
        {form.pickup && (
          <div className="grid grid-cols-2 gap-3">
            <TextField label="Prêt en (min)" name="pickup_min" inputMode="numeric" value={form.pickup_min} onChange={set("pickup_min")} error={first("pickup.eta_minutes")} />
            <TextField label="à (min)" name="pickup_max" inputMode="numeric" value={form.pickup_max} onChange={set("pickup_max")} />
          </div>
        )}
        <SaveRow pending={pending} />
      </form>
    </SectionCard>
  );
}

export function HoursCard({ hours }: { hours: Hours }) {
  const { save, pending, error } = useSectionSave("Horaires enregistrés");
  const [days, setDays] = useState(() => WEEKDAYS.map(({ key }) => ({ key, open: hours[key] !== null, from: hours[key]?.[0] ?? "08:00", to: hours[key]?.[1] ?? "20:00" })));
  const [lastOrder, setLastOrder] = useState(hours.last_order ?? "");
  const change = (index: number, patch: Partial<(typeof days)[number]>) => setDays(days.map((day, i) => (i === index ? { ...day, ...patch } : day)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = { last_order: lastOrder || null, timezone: hours.timezone } as Hours;
    for (const day of days) next[day.key] = day.open ? [day.from, day.to] : null;
    save({ hours: next });
  };
  return (
    <SectionCard id="shop-hours" title="Horaires" description="Heure d'Abidjan. Un jour décoché est un jour de fermeture.">
      <form onSubmit={onSubmit} className="space-y-2" noValidate>
        {error ? <Alert>{getErrorMessage(error)}</Alert> : null}
        {days.map((day, index) => {
          const label = WEEKDAYS[index].label;
          return (
            <div key={day.key} className="flex flex-wrap items-center gap-2" data-testid={`hours-${day.key}`}>
              <label className="flex w-28 items-center gap-2 text-sm font-medium text-slate-700">
                <input type="checkbox" checked={day.open} onChange={(event) => change(index, { open: event.target.checked })} className="h-4 w-4 accent-brand-600" />
                {label}
              </label>
              {day.open ? (
                <>
                  <input type="time" aria-label={`${label} : ouverture`} value={day.from} onChange={(event) => change(index, { from: event.target.value })} className={inputClasses(false, "w-28")} />
                  <span className="text-slate-500">–</span>
                  <input type="time" aria-label={`${label} : fermeture`} value={day.to} onChange={(event) => change(index, { to: event.target.value })} className={inputClasses(false, "w-28")} />
                </>
              ) : (
                <Badge>Fermé</Badge>
              )}
            </div>
          );
        })}
        <div className="pt-2">
          <TextField label="Dernière commande à livrer" name="last_order" type="time" value={lastOrder} onChange={(event) => setLastOrder(event.target.value)} optional />
        </div>
        <SaveRow pending={pending} />
      </form>
    </SectionCard>
  );
}

export function PaymentsCard({ methods, refused }: { methods: PaymentMethod[]; refused: string[] }) {
  const { save, pending } = useSectionSave("Moyens de paiement enregistrés");
  const accepted = new Map(methods.map((method) => [method.code, method]));
  const toggle = (code: PaymentCode, on: boolean) => {
    const next = on
      ? [...methods, { code, name: PAYMENT_LABELS[code], aliases: [], note: "" }]
      : methods.filter((method) => method.code !== code);
    save({ payment_methods: next });
  };
  return (
    <SectionCard id="shop-payments" title="Moyens de paiement" description="Ceux que l'assistant propose ; les autres sont refusés poliment.">
      <ul className="divide-y divide-slate-100">
        {(Object.keys(PAYMENT_LABELS) as PaymentCode[]).map((code) => (
          <li key={code}>
            <Switch
              label={accepted.get(code)?.name || PAYMENT_LABELS[code]}
              description={accepted.get(code)?.note || undefined}
              checked={accepted.has(code)}
              disabled={pending}
              onChange={(on) => toggle(code, on)}
            />
          </li>
        ))}
      </ul>
      {refused.length > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          Refusés : <span className="font-medium text-slate-800">{refused.join(", ")}</span>
        </p>
      )}
    </SectionCard>
  );
}

export function HandoffCard({ profile }: { profile: ShopProfile }) {
  const { save, pending, fieldErrors } = useSectionSave("Relais humain enregistré");
  const [contact, setContact] = useState(profile.handoff.contact);
  const [items, setItems] = useState(profile.handoff.large_order_items === null ? "" : String(profile.handoff.large_order_items));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ handoff: { contact, large_order_items: items.trim() ? Number(items) : null } });
  };
  return (
    <SectionCard id="shop-handoff" title="Relais humain" description="Quand l'assistant passe la main : réclamation, demande d'une personne, grosse commande.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField label="Contact" name="handoff_contact" value={contact} onChange={(event) => setContact(event.target.value)} error={fieldErrors["handoff.contact"]?.[0]} placeholder="Awa (gérante) : +225 07 00 00 00 00" />
        <TextField
          label="Grosse commande à partir de (articles)"
          name="large_order_items"
          inputMode="numeric"
          value={items}
          onChange={(event) => setItems(event.target.value)}
          error={fieldErrors["handoff.large_order_items"]?.[0]}
          optional
        />
        <SaveRow pending={pending} />
      </form>
    </SectionCard>
  );
}

export { SectionCard };
