/**
 * One e-mail: the summary, the original's subject, sender and date, its text and attachments; for an
 * order mail, « Créer la commande »: the lines the assistant found (the owner edits the quantities or
 * removes a line), the customer's name, number and commune.
 */
import { Paperclip, ShoppingBag, Sparkles, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { SelectField, TextField } from "@/components/Field";
import { Sheet } from "@/components/Sheet";
import { LoadingSkeleton, ErrorState } from "@/components/states";
import { toast } from "@/components/toast";
import { COMMUNES } from "@/config/communes";
import { formatDateTime } from "@/lib/format";
import { formatFcfa } from "@/lib/money";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { useCreateEmailOrder, useEmail } from "../api/get-email";
import type { EmailDetail } from "../types";

const PICKUP = "pickup";
const PAYMENT_METHODS: [string, string][] = [
  ["cash", "Espèces"],
  ["wave", "Wave"],
  ["orange_money", "Orange Money"],
  ["mtn_momo", "MTN MoMo"],
  ["moov_money", "Moov Money"],
];

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
  return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
}

function OrderForm({ email, onDone }: { email: EmailDetail; onDone: () => void }) {
  const create = useCreateEmailOrder();
  const [lines, setLines] = useState(email.order_lines.map((line) => ({ ...line, quantity: String(line.quantity) })));
  const [form, setForm] = useState({ customer_name: email.from, customer_phone: "+225", commune: "Cocody", address: "", delivery_fee: "1000", payment_method: "cash" });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const fieldErrors = (create.error as ApiError | null)?.errors ?? {};
  const errorOf = (field: string) => fieldErrors[field]?.[0];
  const isPickup = form.commune === PICKUP;
  const subtotal = lines.reduce((sum, line) => sum + line.unit_price * (Number(line.quantity) || 0), 0);
  const fee = isPickup ? 0 : Number(form.delivery_fee) || 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        emailId: email.id,
        input: {
          customer_name: form.customer_name.trim(),
          customer_phone: form.customer_phone.trim(),
          commune: isPickup ? "" : form.commune,
          zone: form.commune,
          address: form.address.trim(),
          delivery_fee: fee,
          payment_method: form.payment_method,
          items: lines.map((line) => ({ product_id: line.product_id, quantity: Number(line.quantity) })),
        },
      },
      {
        onSuccess: (order) => {
          toast.success("Commande créée", `${order.reference} · ${formatFcfa(order.total)}`);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4 border-t border-slate-200 pt-4" data-testid="email-order-form" aria-label="Créer la commande">
      <h3 className="font-semibold text-slate-900">Créer la commande</h3>
      {create.error ? <Alert>{getErrorMessage(create.error)}</Alert> : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Produits repérés dans l'e-mail</legend>
        {lines.map((line, index) => (
          <div key={line.product_id} className="grid grid-cols-[1fr_5rem_auto] items-end gap-2" data-testid="email-order-line">
            <div className="min-w-0 pb-2.5">
              <p className="truncate text-sm font-medium text-slate-900">{line.name}</p>
              <p className="text-xs text-slate-500">{formatFcfa(line.unit_price)} l'unité</p>
            </div>
            <TextField
              label="Qté"
              name={`items.${index}.quantity`}
              type="number"
              min={1}
              inputMode="numeric"
              value={line.quantity}
              onChange={(event) => setLines(lines.map((item, i) => (i === index ? { ...item, quantity: event.target.value } : item)))}
              error={errorOf(`items.${index}.quantity`)}
            />
            <Button variant="ghost" aria-label={`Retirer ${line.name}`} disabled={lines.length === 1} onClick={() => setLines(lines.filter((_, i) => i !== index))}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        ))}
        {errorOf("items") && <p className="text-sm text-red-600">{errorOf("items")}</p>}
      </fieldset>
      <TextField label="Client" name="customer_name" value={form.customer_name} onChange={set("customer_name")} error={errorOf("customer_name")} autoComplete="off" />
      <TextField label="Numéro WhatsApp du client" name="customer_phone" type="tel" value={form.customer_phone} onChange={set("customer_phone")} error={errorOf("customer_phone")} />
      <SelectField label="Commune de livraison" name="commune" value={form.commune} onChange={set("commune")} error={errorOf("zone") ?? errorOf("commune")}>
        <option value={PICKUP}>Retrait en boutique</option>
        {COMMUNES.map((commune) => (
          <option key={commune} value={commune}>
            {commune}
          </option>
        ))}
      </SelectField>
      {!isPickup && (
        <>
          <TextField label="Adresse" name="address" value={form.address} onChange={set("address")} error={errorOf("address")} optional />
          <TextField label="Frais de livraison (F CFA)" name="delivery_fee" type="number" min={0} inputMode="numeric" value={form.delivery_fee} onChange={set("delivery_fee")} error={errorOf("delivery_fee")} />
        </>
      )}
      <SelectField label="Paiement" name="payment_method" value={form.payment_method} onChange={set("payment_method")} error={errorOf("payment_method")}>
        {PAYMENT_METHODS.map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </SelectField>
      <p className="text-sm text-slate-700">
        Total : <strong data-testid="email-order-total">{formatFcfa(subtotal + fee)}</strong>
      </p>
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          <ShoppingBag aria-hidden="true" className="h-4 w-4" />
          Enregistrer la commande
        </Button>
      </div>
    </form>
  );
}

export function EmailSheet({ emailId, onClose }: { emailId: number; onClose: () => void }) {
  const email = useEmail(emailId);
  const [ordering, setOrdering] = useState(false);
  const data = email.data;

  return (
    <Sheet title={data?.subject ?? "E-mail"} onClose={onClose} testId="email-sheet">
      {email.isPending ? (
        <LoadingSkeleton rows={3} />
      ) : email.isError || !data ? (
        <ErrorState error={email.error} onRetry={() => void email.refetch()} />
      ) : (
        <div className="space-y-3 text-sm">
          <p className="text-slate-600">
            De <strong className="text-slate-900">{data.from}</strong> {data.from_email && <span>&lt;{data.from_email}&gt;</span>}
            <br />
            Reçu le <time dateTime={data.time}>{formatDateTime(data.time)}</time> · objet d'origine : « {data.subject} »
          </p>
          {data.ai_summary && (
            <div className="rounded-lg bg-violet-50 p-3 text-violet-950 ring-1 ring-violet-100">
              <p className="flex items-center gap-1.5 text-xs font-semibold text-violet-700">
                <Sparkles aria-hidden="true" className="h-3.5 w-3.5" /> Résumé IA
              </p>
              <p className="mt-1 break-words">{data.ai_summary}</p>
            </div>
          )}
          {data.notice && <Alert tone="info">{data.notice}</Alert>}
          {data.body_excerpt && <p className="max-h-64 overflow-y-auto break-words whitespace-pre-line text-slate-700" data-testid="email-body">{data.body_excerpt}</p>}
          {data.attachments.length > 0 && (
            <ul className="space-y-1" aria-label="Pièces jointes">
              {data.attachments.map((attachment, index) => (
                <li key={index} className="flex items-center gap-1.5 text-slate-700">
                  <Paperclip aria-hidden="true" className="h-4 w-4 text-slate-400" />
                  <span className="truncate">{attachment.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">({formatSize(attachment.size)})</span>
                </li>
              ))}
            </ul>
          )}
          {data.order_reference ? (
            <Alert tone="success">Commande {data.order_reference} créée depuis cet e-mail.</Alert>
          ) : data.order_lines.length > 0 ? (
            ordering ? (
              <OrderForm email={data} onDone={onClose} />
            ) : (
              <Button onClick={() => setOrdering(true)}>
                <ShoppingBag aria-hidden="true" className="h-4 w-4" />
                Créer la commande
              </Button>
            )
          ) : null}
        </div>
      )}
    </Sheet>
  );
}
