/**
 * Logistique: counters, deliveries (status one step forward at a time), drivers, and the quick
 * actions planifier, signaler un retard, assigner un livreur and optimiser les trajets, and the
 * « Page de suivi des clients » switch (the driver's phone on the customer's tracking page).
 */
import { AlertTriangle, CalendarPlus, Clock, MapPin, Phone, Plus, Route, Star, Truck, UserPlus } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { cn } from "@/lib/cn";
import { getErrorMessage } from "@/lib/errors";
import { formatPhone } from "@/lib/phone";

import { useChangeDeliveryStatus } from "../api/change-delivery-status";
import { useDeliveries } from "../api/get-deliveries";
import { useDrivers } from "../api/get-drivers";
import { useDeactivateDriver } from "../api/manage-driver";
import { DeliverySteps } from "../components/delivery-steps";
import { DriverForm } from "../components/driver-form";
import { DriverLinkActions, DriverPosition } from "../components/driver-live";
import { TrackingSettingsCard } from "../components/tracking-settings";
import { AssignForm, DelayForm, OptimizeForm, ScheduleForm, type LogisticsAction } from "../components/logistics-forms";
import { Badge, Card, EmptyState, ErrorState, LoadingSkeleton, LoadMore, PageHeader, Skeleton, type BadgeTone } from "@/components/states";
import { deliveryStatusLabels, nextDeliveryStatus } from "../lib/delivery-status";
import { formatDateTime, formatNumber } from "@/lib/format";
import { formatFcfa } from "@/lib/money";
import { sideLabels, vehicleLabels, type Delivery, type DeliveryStatus, type Driver } from "../types";

const statusTones: Record<DeliveryStatus, BadgeTone> = { pending: "slate", preparing: "amber", en_route: "blue", delivered: "green" };
const priorityTones: Record<string, BadgeTone> = { high: "red", medium: "amber", low: "slate" };

function DeliveryCard({ delivery }: { delivery: Delivery }) {
  const change = useChangeDeliveryStatus();
  const next = nextDeliveryStatus(delivery.status);
  return (
    <li data-testid="delivery" data-reference={delivery.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-slate-900">{delivery.id}</p>
        <Badge tone={statusTones[delivery.status]}>{delivery.status_label}</Badge>
        <Badge tone={priorityTones[delivery.priority] ?? "slate"}>{delivery.priority_label}</Badge>
        <span className="ml-auto text-sm font-semibold text-slate-900">{formatFcfa(delivery.amount)}</span>
      </div>
      <p className="mt-2 text-sm font-medium text-slate-800">{delivery.customer}</p>
      <div className="mt-1 grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
        <p className="flex min-w-0 items-center gap-1.5">
          <Phone aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="truncate">{formatPhone(delivery.phone) || "Sans numéro"}</span>
        </p>
        <p className="flex min-w-0 items-center gap-1.5">
          <MapPin aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="truncate">
            {delivery.address}, {delivery.commune}
          </span>
        </p>
        <p className="flex min-w-0 items-center gap-1.5">
          <Truck aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="truncate">{delivery.driver ? delivery.driver.name : "Aucun livreur assigné"}</span>
        </p>
        {delivery.estimated_time && (
          <p className="flex min-w-0 items-center gap-1.5">
            <Clock aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
            <span className="truncate">Estimée : {formatDateTime(delivery.estimated_time)}</span>
          </p>
        )}
      </div>
      {delivery.products.length > 0 && <p className="mt-2 text-sm break-words text-slate-600">{delivery.products.join(" · ")}</p>}
      <DeliverySteps steps={delivery.steps} />
      {delivery.delay && (
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-sm text-amber-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          <span className="break-words">Retard signalé : {delivery.delay.note || "sans motif"}</span>
        </p>
      )}
      <div className="mt-3 flex items-center gap-3">
        <progress
          value={delivery.progress}
          max={100}
          aria-label={`Progression de ${delivery.id}`}
          className="h-2 min-w-0 flex-1 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-brand-600"
        />
        <span className="w-10 shrink-0 text-right text-xs text-slate-500">{delivery.progress}&nbsp;%</span>
      </div>
      {next && (
        <div className="mt-3 flex justify-end">
          <Button
            variant="secondary"
            className="min-h-9 py-1.5"
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { reference: delivery.id, status: next },
                {
                  onSuccess: (updated) => toast.success("Statut mis à jour", `${updated.id} : ${updated.status_label}`),
                  onError: (error) => toast.error("Changement de statut refusé", getErrorMessage(error)),
                },
              )
            }
          >
            Passer à « {deliveryStatusLabels[next]} »
          </Button>
        </div>
      )}
    </li>
  );
}

function DriverRow({ driver, onEdit }: { driver: Driver; onEdit: () => void }) {
  const deactivate = useDeactivateDriver();
  return (
    <li data-testid="driver" data-driver={driver.name} className="flex items-start gap-3 py-3">
      <span className={cn("mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full", driver.status === "active" ? "bg-sky-500" : "bg-green-500")} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-slate-900">
          <span className="truncate">{driver.name}</span>
          <Badge tone={driver.status === "active" ? "blue" : "green"}>{driver.status_label}</Badge>
        </p>
        <p className="truncate text-xs text-slate-500">
          {formatPhone(driver.phone)} · {driver.location.commune}
        </p>
        <p className="truncate text-xs text-slate-500">
          {vehicleLabels[driver.vehicle] ?? driver.vehicle} · rive {(sideLabels[driver.side] ?? driver.side).toLowerCase()}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {driver.deliveries} livraison{driver.deliveries > 1 ? "s" : ""} effectuée{driver.deliveries > 1 ? "s" : ""} · {driver.open_deliveries} en cours
        </p>
        <DriverPosition driver={driver} />
        <DriverLinkActions driver={driver} />
        <div className="mt-1 flex gap-3">
          <button type="button" className="min-h-9 text-xs font-medium text-brand-700 hover:underline" onClick={onEdit} aria-label={`Modifier ${driver.name}`}>
            Modifier
          </button>
          <button
            type="button"
            className="min-h-9 text-xs font-medium text-red-700 hover:underline disabled:opacity-50"
            disabled={deactivate.isPending}
            aria-label={`Désactiver ${driver.name}`}
            onClick={() =>
              deactivate.mutate(driver.id, {
                onSuccess: () => toast.success("Livreur désactivé", `${driver.name} n'apparaît plus dans vos livreurs.`),
                onError: (error) => toast.error("Désactivation refusée", getErrorMessage(error)),
              })
            }
          >
            Désactiver
          </button>
        </div>
      </div>
      <span className="flex shrink-0 items-center gap-1 text-sm text-slate-700" aria-label={`Note ${formatNumber(driver.rating, 1)} sur 5`}>
        <Star aria-hidden="true" className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
        {formatNumber(driver.rating, 1)}
      </span>
    </li>
  );
}

const statusFilters: { value: DeliveryStatus | null; label: string }[] = [
  { value: null, label: "Toutes" },
  { value: "pending", label: "En attente" },
  { value: "preparing", label: "Préparation" },
  { value: "en_route", label: "En route" },
  { value: "delivered", label: "Livré" },
];

export default function LogisticsPage() {
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const [action, setAction] = useState<LogisticsAction | null>(null);
  // « Ajouter un livreur » (new) or the driver being edited.
  const [driverForm, setDriverForm] = useState<Driver | "new" | null>(null);
  const deliveries = useDeliveries(status);
  const drivers = useDrivers();

  const deliveryItems = deliveries.data?.pages.flatMap((page) => page.results) ?? [];
  const counters = deliveries.data?.pages[0]?.counters;
  const driverItems = drivers.data?.pages.flatMap((page) => page.results) ?? [];
  const driverCounters = drivers.data?.pages[0]?.counters;
  const openDeliveries = deliveryItems.filter((delivery) => delivery.status !== "delivered");

  const quickActions: { key: LogisticsAction; label: string; icon: typeof Truck }[] = [
    { key: "schedule", label: "Planifier une livraison", icon: CalendarPlus },
    { key: "delay", label: "Signaler un retard", icon: AlertTriangle },
    { key: "optimize", label: "Optimiser les trajets", icon: Route },
    { key: "assign", label: "Assigner un livreur", icon: UserPlus },
  ];
  const close = () => setAction(null);

  const counterCards = [
    { label: "Livraisons", value: counters?.total },
    { label: "En attente", value: counters?.pending },
    { label: "Préparation", value: counters?.preparing },
    { label: "En route", value: counters?.en_route },
    { label: "Livrées", value: counters?.delivered },
    { label: "Livreurs actifs", value: driverCounters?.active },
    { label: "Livreurs disponibles", value: driverCounters?.available },
  ];

  return (
    <>
      <PageHeader title="Logistique" description="Vos livraisons et vos livreurs, suivis en temps réel." />

      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" aria-label="Compteurs">
        {counterCards.map((card) => (
          <li key={card.label} className="min-w-0 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200" data-testid="logistics-counter">
            <p className="truncate text-xs font-medium text-slate-500">{card.label}</p>
            {card.value === undefined ? <Skeleton className="mt-1 h-6 w-10" /> : <p className="text-xl font-bold text-slate-900">{card.value}</p>}
          </li>
        ))}
      </ul>

      <div className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4" role="group" aria-label="Actions rapides">
        {quickActions.map(({ key, label, icon: Icon }) => (
          <Button key={key} variant={action === key ? "primary" : "secondary"} aria-pressed={action === key} onClick={() => setAction(action === key ? null : key)}>
            <Icon aria-hidden="true" className="h-4 w-4" />
            {label}
          </Button>
        ))}
      </div>

      {action && (
        <div className="mt-4">
          {action === "schedule" && <ScheduleForm drivers={driverItems} onDone={close} />}
          {action === "delay" && <DelayForm deliveries={openDeliveries} onDone={close} />}
          {action === "assign" && <AssignForm deliveries={openDeliveries} drivers={driverItems} onDone={close} />}
          {action === "optimize" && <OptimizeForm drivers={driverItems} onDone={close} />}
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section className="min-w-0 lg:col-span-2" aria-labelledby="deliveries-title">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="deliveries-title" className="text-lg font-semibold text-slate-900">
              Livraisons
            </h2>
          </div>
          <div role="group" aria-label="Filtrer les livraisons" data-scroll-x className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1 pb-1">
            {statusFilters.map((filter) => (
              <button
                key={filter.label}
                type="button"
                aria-pressed={status === filter.value}
                onClick={() => setStatus(filter.value)}
                className={cn(
                  "shrink-0 rounded-full px-3 py-1.5 text-sm font-medium",
                  status === filter.value ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50",
                )}
              >
                {filter.label}
              </button>
            ))}
          </div>
          {deliveries.isPending ? (
            <LoadingSkeleton rows={3} />
          ) : deliveries.isError ? (
            <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
          ) : deliveryItems.length === 0 ? (
            counters && counters.total > 0 ? (
              <EmptyState icon={Truck} title="Aucune livraison avec ce statut">
                Choisissez « Toutes » pour voir l'ensemble de vos livraisons.
              </EmptyState>
            ) : (
              <EmptyState
                icon={Truck}
                title="Aucune livraison pour le moment"
                action={
                  <Button onClick={() => setAction("schedule")}>
                    <CalendarPlus aria-hidden="true" className="h-4 w-4" />
                    Planifier une livraison
                  </Button>
                }
              >
                Les commandes prises par l'IA et les livraisons que vous planifiez apparaîtront ici, avec leur livreur et leur
                progression. Commencez par planifier une première livraison.
              </EmptyState>
            )
          ) : (
            <>
              <ul className="space-y-3" aria-label="Livraisons">
                {deliveryItems.map((delivery) => (
                  <DeliveryCard key={delivery.id} delivery={delivery} />
                ))}
              </ul>
              <LoadMore hasMore={!!deliveries.hasNextPage} loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()} />
            </>
          )}
        </section>

        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="drivers-title" className="h-fit">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="drivers-title" className="text-lg font-semibold text-slate-900">
                Livreurs
              </h2>
              <Button variant="secondary" className="min-h-9 py-1.5" onClick={() => setDriverForm("new")}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                Ajouter un livreur
              </Button>
            </div>
            {driverForm && (
              <div className="mt-3">
                <DriverForm key={driverForm === "new" ? "new" : driverForm.id} driver={driverForm === "new" ? undefined : driverForm} onDone={() => setDriverForm(null)} />
              </div>
            )}
            {drivers.isPending ? (
              <LoadingSkeleton rows={3} className="mt-3" />
            ) : drivers.isError ? (
              <ErrorState error={drivers.error} onRetry={() => void drivers.refetch()} className="mt-3" />
            ) : driverItems.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">
                Aucun livreur pour le moment. Ajoutez vos livreurs : ils apparaîtront ici avec leur position, leurs livraisons et
                leur note.
              </p>
            ) : (
              <>
                <ul className="divide-y divide-slate-100" aria-label="Livreurs">
                  {driverItems.map((driver) => (
                    <DriverRow key={driver.id} driver={driver} onEdit={() => setDriverForm(driver)} />
                  ))}
                </ul>
                <LoadMore hasMore={!!drivers.hasNextPage} loading={drivers.isFetchingNextPage} onClick={() => void drivers.fetchNextPage()} />
              </>
            )}
          </Card>
          <TrackingSettingsCard />
        </div>
      </div>
    </>
  );
}
