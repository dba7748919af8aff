/**
 * The detail sheet of one order: customer and conversation link, lines and totals, the status
 * actions, « Assigner un livreur » (the suggested driver preselected), cancellation with a reason,
 * and the history. Full screen on a phone, a panel on the right from 768 px.
 */
import { MessageSquare, Phone, Truck, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { FieldShell, SelectField, inputClasses } from "@/components/Field";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { ErrorState, LoadingSkeleton } from "@/components/states";
import { formatDateTime } from "@/lib/format";
import { formatFcfa } from "@/lib/money";
import { getErrorMessage } from "@/lib/errors";

import { useAssignOrderDriver } from "../api/assign-order-driver";
import { useCancelOrder } from "../api/cancel-order";
import { useOrder } from "../api/get-order";
import { useTransitionOrder } from "../api/transition-order";
import { PICKUP, transitionActionLabels, zoneLabel } from "../lib/status";
import type { OrderDetail, OrderDriverChoice } from "../types";
import { OrderStatusBadge } from "./OrderStatusBadge";

const sideLabels = { north: "rive nord", south: "rive sud" } as const;

function driverLabel(driver: OrderDriverChoice): string {
  const vehicle = driver.vehicle === "voiture" ? "voiture" : "moto";
  const reach = driver.eligible ? "" : " — ne peut pas livrer cette adresse";
  return `${driver.name} · ${vehicle} · ${driver.commune}${reach}`;
}

function AssignDriver({ order }: { order: OrderDetail }) {
  const assign = useAssignOrderDriver();
  const current = order.delivery?.driver?.id;
  const [driverId, setDriverId] = useState(String(current ?? order.suggested_driver?.id ?? ""));

  useEffect(() => {
    setDriverId(String(order.delivery?.driver?.id ?? order.suggested_driver?.id ?? ""));
  }, [order.delivery?.driver?.id, order.suggested_driver?.id]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!driverId) return;
    assign.mutate(
      { id: order.id, driverId: Number(driverId) },
      {
        onSuccess: (updated) =>
          toast.success("Livreur assigné", `${updated.reference} : ${updated.delivery?.driver?.name ?? ""} (${updated.delivery?.reference ?? ""})`),
      },
    );
  };

  if (order.driver_choices.length === 0) {
    return <p className="text-sm text-slate-600">Aucun livreur enregistré : ajoutez-en depuis la page Logistique.</p>;
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Assigner un livreur" noValidate>
      {assign.error ? <Alert>{getErrorMessage(assign.error)}</Alert> : null}
      {order.delivery && (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Truck aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>
            Livraison {order.delivery.reference} · {order.delivery.driver?.name ?? "sans livreur"} · {order.delivery.status_label}
          </span>
        </p>
      )}
      <SelectField
        label="Livreur"
        name="driver_id"
        value={driverId}
        onChange={(event) => setDriverId(event.target.value)}
        hint={
          order.suggested_driver
            ? `Suggéré : ${order.suggested_driver.name}, le plus proche${order.lagoon_side ? ` sur la ${sideLabels[order.lagoon_side]}` : ""} ou en voiture.`
            : "Aucun livreur disponible ne peut atteindre cette adresse (les motos ne traversent pas la lagune)."
        }
      >
        <option value="">Choisir un livreur</option>
        {order.driver_choices.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driverLabel(driver)}
          </option>
        ))}
      </SelectField>
      <div className="flex justify-end">
        <Button type="submit" loading={assign.isPending} disabled={!driverId || Number(driverId) === current}>
          {order.delivery ? "Changer de livreur" : "Assigner un livreur"}
        </Button>
      </div>
    </form>
  );
}

function CancelOrder({ order }: { order: OrderDetail }) {
  const cancel = useCancelOrder();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");

  if (!open) {
    return (
      <Button variant="ghost" className="text-red-700" onClick={() => setOpen(true)}>
        Annuler la commande
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate(
      { id: order.id, reason: reason.trim() },
      {
        onSuccess: (updated) => {
          toast.success("Commande annulée", updated.reference);
          setOpen(false);
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="w-full space-y-3 rounded-lg bg-red-50 p-3" aria-label="Annuler la commande" noValidate>
      {cancel.error ? <Alert>{getErrorMessage(cancel.error)}</Alert> : null}
      <FieldShell id="cancel-reason" label="Motif de l'annulation">
        <textarea
          id="cancel-reason"
          name="reason"
          rows={2}
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className={inputClasses(false)}
        />
      </FieldShell>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Retour
        </Button>
        <Button type="submit" variant="danger" loading={cancel.isPending}>
          Confirmer l'annulation
        </Button>
      </div>
    </form>
  );
}

function StatusActions({ order }: { order: OrderDetail }) {
  const transition = useTransitionOrder();
  const forward = order.next_statuses.filter((status) => status !== "cancelled");
  const canCancel = order.next_statuses.includes("cancelled");
  if (!forward.length && !canCancel) return null;
  return (
    <div className="space-y-2">
      {transition.error ? <Alert>{getErrorMessage(transition.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {forward.map((status) => (
          <Button
            key={status}
            loading={transition.isPending && transition.variables?.status === status}
            onClick={() =>
              transition.mutate(
                { id: order.id, status },
                { onSuccess: (updated) => toast.success("Statut mis à jour", `${updated.reference} : ${updated.status_label}`) },
              )
            }
          >
            {transitionActionLabels[status]}
          </Button>
        ))}
        {canCancel && <CancelOrder order={order} />}
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-200 py-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function OrderBody({ order }: { order: OrderDetail }) {
  const isPickup = order.zone === PICKUP;
  const open = order.next_statuses.length > 0;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 pb-3">
        <OrderStatusBadge status={order.status} />
        <span className="text-sm text-slate-600">{formatDateTime(order.created_at)}</span>
        <span className="text-sm text-slate-600">· {order.source === "assistant" ? "par l'assistant" : "saisie par vous"}</span>
      </div>

      <Section title="Client">
        <p className="font-medium text-slate-900">{order.customer.name}</p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Phone aria-hidden="true" className="h-3.5 w-3.5" />
          {order.customer.whatsapp_number || "Sans numéro"}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {zoneLabel(order.zone)}
          {order.address ? ` · ${order.address}` : ""}
        </p>
        {order.conversation_id !== null && (
          <Link
            to={`${paths.dashboard.conversations}?conversation=${order.conversation_id}`}
            className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          >
            <MessageSquare aria-hidden="true" className="h-4 w-4" />
            Voir la conversation
          </Link>
        )}
      </Section>

      <Section title="Produits">
        <ul className="space-y-1 text-sm" aria-label="Lignes de la commande">
          {order.items.map((item, index) => (
            <li key={`${item.sku}-${index}`} className="flex justify-between gap-3">
              <span className="min-w-0 break-words text-slate-800">
                {item.quantity} × {item.name}
                <span className="text-slate-500"> ({formatFcfa(item.unit_price)})</span>
              </span>
              <span className="shrink-0 text-slate-900">{formatFcfa(item.line_total)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-dashed border-slate-200 pt-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Sous-total</dt>
            <dd>{formatFcfa(order.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">Livraison</dt>
            <dd>{isPickup ? "Retrait" : formatFcfa(order.delivery_fee)}</dd>
          </div>
          <div className="flex justify-between font-semibold text-slate-900">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatFcfa(order.total)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">Paiement</dt>
            <dd>{order.payment_method_label}</dd>
          </div>
        </dl>
      </Section>

      {order.status === "cancelled" && order.cancel_reason && (
        <Alert tone="info" title="Commande annulée">
          {order.cancel_reason}
        </Alert>
      )}

      {open && (
        <Section title="Actions">
          <StatusActions order={order} />
        </Section>
      )}

      {!isPickup && open && (
        <Section title="Assigner un livreur">
          <AssignDriver order={order} />
        </Section>
      )}

      <Section title="Historique">
        <ol className="space-y-3" aria-label="Historique de la commande">
          {order.history.map((event, index) => (
            <li key={index} className="text-sm">
              <p className="font-medium text-slate-900">
                {event.from_status === event.to_status ? event.note : event.to_status_label}
                <span className="font-normal text-slate-500">
                  {" "}
                  · {event.user_name ?? event.actor_label} · {formatDateTime(event.at)}
                </span>
              </p>
              {event.note && event.from_status !== event.to_status && <p className="text-slate-600">{event.note}</p>}
              {event.customer_notice && <p className="text-xs text-slate-500">WhatsApp : {event.customer_notice}</p>}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

export function OrderSheet({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const order = useOrder(orderId);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  const title = order.data ? `Commande ${order.data.reference}` : "Commande";
  return (
    <div className="fixed inset-0 z-40">
      <button type="button" aria-label="Fermer la commande" tabIndex={-1} className="absolute inset-0 hidden bg-slate-900/40 md:block" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="order-sheet"
        className="absolute inset-0 flex flex-col bg-white md:inset-y-0 md:right-0 md:left-auto md:w-[28rem] md:shadow-xl"
      >
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-4">
          <h2 className="truncate text-lg font-semibold text-slate-900">{title}</h2>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label="Fermer"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
          {order.isPending && <LoadingSkeleton rows={3} />}
          {order.isError && <ErrorState error={order.error} onRetry={() => void order.refetch()} />}
          {order.data && <OrderBody order={order.data} />}
        </div>
      </div>
    </div>
  );
}
