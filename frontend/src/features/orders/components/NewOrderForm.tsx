/** « Nouvelle commande »: an order taken on the phone, typed by the owner. The delivery is one of the
 * shop's served zones (or pickup) and its fee is the one the server charges, read from the server:
 * the form never sends a fee. */
import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { SelectField, TextField } from "@/components/Field";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { formatFcfa } from "@/lib/money";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { useCreateOrder } from "../api/create-order";
import { useDeliveryZones } from "../api/get-delivery-zones";
import { PICKUP, paymentMethodLabels } from "../lib/status";
import type { OrderDetail, PaymentMethod } from "../types";

interface LineDraft {
  name: string;
  unit_price: string;
  quantity: string;
}

const emptyLine = (): LineDraft => ({ name: "", unit_price: "", quantity: "1" });
const toInt = (value: string) => (value.trim() === "" ? NaN : Number(value));

export function NewOrderForm({ onCreated, onCancel }: { onCreated: (order: OrderDetail) => void; onCancel: () => void }) {
  const create = useCreateOrder();
  const [form, setForm] = useState({
    customer_name: "",
    customer_phone: "+225",
    zone: "",
    address: "",
    payment_method: "cash" as PaymentMethod,
  });
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const setLine = (index: number, field: keyof LineDraft) => (event: { target: { value: string } }) =>
    setLines(lines.map((line, i) => (i === index ? { ...line, [field]: event.target.value } : line)));

  const deliveryZones = useDeliveryZones();
  const zones = deliveryZones.data?.zones ?? [];
  // Until the owner picks one: the shop's first served zone, or pickup when it has none.
  const zone = form.zone || (deliveryZones.isPending ? "" : (zones[0]?.name ?? PICKUP));
  const isPickup = zone === PICKUP;
  const chosen = zones.find((choice) => choice.name === zone);
  const subtotal = lines.reduce((sum, line) => sum + (toInt(line.unit_price) || 0) * (toInt(line.quantity) || 0), 0);
  const fee = chosen?.fee ?? 0;
  const fieldErrors = (create.error as ApiError | null)?.errors ?? {};
  const errorOf = (field: string) => fieldErrors[field]?.[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        customer_name: form.customer_name.trim(),
        customer_phone: form.customer_phone.trim(),
        items: lines.map((line) => ({ name: line.name.trim(), unit_price: toInt(line.unit_price), quantity: toInt(line.quantity) })),
        zone,
        address: isPickup ? "" : form.address.trim(),
        payment_method: form.payment_method,
      },
      {
        onSuccess: (order) => {
          toast.success("Commande enregistrée", `${order.reference} pour ${order.customer.name}`);
          onCreated(order);
        },
      },
    );
  };

  return (
    <section aria-label="Nouvelle commande" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-500/40" data-testid="new-order-form">
      <h2 className="text-lg font-semibold text-slate-900">Nouvelle commande</h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        {create.error ? <Alert>{getErrorMessage(create.error)}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Client" name="customer_name" value={form.customer_name} onChange={set("customer_name")} error={errorOf("customer_name")} autoComplete="off" />
          <TextField
            label="Numéro WhatsApp"
            name="customer_phone"
            type="tel"
            value={form.customer_phone}
            onChange={set("customer_phone")}
            error={errorOf("customer_phone")}
          />
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Produits</legend>
          {lines.map((line, index) => (
            <div key={index} className="grid grid-cols-[1fr_5.5rem] gap-2 sm:grid-cols-[1fr_7rem_5rem_auto]" data-testid="order-line-input">
              <TextField
                label={`Produit ${index + 1}`}
                name={`items.${index}.name`}
                value={line.name}
                onChange={setLine(index, "name")}
                error={errorOf(`items.${index}.name`) ?? errorOf(`items.${index}.non_field_errors`)}
              />
              <TextField
                label="Qté"
                name={`items.${index}.quantity`}
                type="number"
                min={1}
                inputMode="numeric"
                value={line.quantity}
                onChange={setLine(index, "quantity")}
                error={errorOf(`items.${index}.quantity`)}
              />
              <TextField
                label="Prix (F CFA)"
                name={`items.${index}.unit_price`}
                type="number"
                min={0}
                inputMode="numeric"
                value={line.unit_price}
                onChange={setLine(index, "unit_price")}
                error={errorOf(`items.${index}.unit_price`)}
              />
              <div className="flex items-end">
                <Button
                  variant="ghost"
                  aria-label={`Retirer le produit ${index + 1}`}
                  disabled={lines.length === 1}
                  onClick={() => setLines(lines.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            </div>
          ))}
          {errorOf("items") && <p className="text-sm text-red-600">{errorOf("items")}</p>}
          <Button variant="secondary" onClick={() => setLines([...lines, emptyLine()])}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Ajouter un produit
          </Button>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Livraison"
            name="zone"
            value={zone}
            onChange={set("zone")}
            error={errorOf("zone")}
            disabled={deliveryZones.isPending}
            hint={
              deliveryZones.isSuccess && zones.length === 0 ? (
                <span data-testid="new-order-no-zones">
                  Aucune zone de livraison :{" "}
                  <Link to={paths.dashboard.shop} className="font-medium text-brand-700 underline">
                    ajoutez vos zones et leurs frais dans « Ma boutique »
                  </Link>
                  .
                </span>
              ) : undefined
            }
          >
            {deliveryZones.isPending && <option value="">Chargement des zones…</option>}
            {zones.map((choice) => (
              <option key={choice.name} value={choice.name}>
                {choice.name} · {formatFcfa(choice.fee)}
              </option>
            ))}
            <option value={PICKUP}>Retrait en boutique</option>
          </SelectField>
          {!isPickup && (
            <div className="text-sm text-slate-700" data-testid="new-order-fee">
              <span className="block font-medium">Frais de livraison</span>
              <span className="mt-2 block">
                {chosen ? `${formatFcfa(chosen.fee)} (zone ${chosen.name}, fixés dans « Ma boutique »)` : "—"}
              </span>
              {errorOf("delivery_fee") && <span className="mt-1 block text-red-600">{errorOf("delivery_fee")}</span>}
            </div>
          )}
          {!isPickup && (
            <TextField label="Adresse" name="address" value={form.address} onChange={set("address")} error={errorOf("address")} optional />
          )}
          <SelectField label="Paiement" name="payment_method" value={form.payment_method} onChange={set("payment_method")} error={errorOf("payment_method")}>
            {(Object.keys(paymentMethodLabels) as PaymentMethod[]).map((code) => (
              <option key={code} value={code}>
                {paymentMethodLabels[code]}
              </option>
            ))}
          </SelectField>
        </div>

        <p className="text-sm text-slate-700">
          Total : <strong data-testid="new-order-total">{formatFcfa(subtotal + fee)}</strong>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!zone}>
            Enregistrer la commande
          </Button>
        </div>
      </form>
    </section>
  );
}
