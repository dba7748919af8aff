/**
 * Commandes: every order the assistant took or the owner typed, filtered by status chips, dates and
 * a search; a card opens the detail sheet (?commande=<id>, so the address can be shared).
 */
import { Download, Plus, Search, ShoppingBag } from "lucide-react";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router-dom";

import { Button } from "@/components/Button";
import { TextField } from "@/components/Field";
import { toast } from "@/components/toast";
import { EmptyState, ErrorState, LoadMore, LoadingSkeleton, PageHeader } from "@/components/states";
import { formatShortTime } from "@/lib/format";
import { formatFcfa } from "@/lib/money";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { cn } from "@/lib/cn";
import { getErrorMessage } from "@/lib/errors";

import { useExportOrders } from "../api/export-orders";
import { useOrders } from "../api/get-orders";
import { NewOrderForm } from "../components/NewOrderForm";
import { OrderSheet } from "../components/OrderSheet";
import { OrderStatusBadge } from "../components/OrderStatusBadge";
import { statusFilters, zoneLabel } from "../lib/status";
import type { Order, OrderStatus } from "../types";

const ORDER_PARAM = "commande";

function OrderCard({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const summary = order.items.map((item) => `${item.quantity} × ${item.name}`).join(" · ");
  return (
    <li data-testid="order" data-reference={order.reference}>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Ouvrir la commande ${order.reference}`}
        className="block w-full rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 transition-colors hover:ring-brand-500/50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">{order.reference}</p>
          <OrderStatusBadge status={order.status} />
          <span className="ml-auto text-sm font-semibold text-slate-900">{formatFcfa(order.total)}</span>
        </div>
        <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-slate-700">
          <span className="font-medium">{order.customer.name}</span>
          <span className="text-slate-500">{zoneLabel(order.zone)}</span>
          <span className="text-slate-500">{formatShortTime(order.created_at)}</span>
        </p>
        <p className="mt-1 truncate text-sm text-slate-600">{summary}</p>
      </button>
    </li>
  );
}

export default function OrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [search, setSearch] = useState("");
  const [dateFrom, setDateFrom] = useState("");
  const [dateTo, setDateTo] = useState("");
  const [creating, setCreating] = useState(false);
  const q = useDebouncedValue(search);
  const filters = { status, q, date_from: dateFrom, date_to: dateTo };
  const orders = useOrders(filters);
  const exportCsv = useExportOrders();

  const openId = Number(searchParams.get(ORDER_PARAM)) || null;
  const open = useCallback(
    (id: number | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(ORDER_PARAM);
          else next.set(ORDER_PARAM, String(id));
          return next;
        },
        { replace: id === null },
      ),
    [setSearchParams],
  );
  const close = useCallback(() => open(null), [open]);

  const items = orders.data?.pages.flatMap((page) => page.results) ?? [];
  const counters = orders.data?.pages[0]?.counters;
  const filtered = !!(status || q.trim() || dateFrom || dateTo);

  const onExport = () =>
    exportCsv.mutate(
      { status, q, date_from: dateFrom, date_to: dateTo },
      {
        onSuccess: (filename) => toast.success("Export prêt", filename),
        onError: (error) => toast.error("Export impossible", getErrorMessage(error)),
      },
    );

  return (
    <>
      <PageHeader
        title="Commandes"
        description="Les commandes prises par l'assistant ou saisies par vous, de la confirmation à la livraison."
        actions={
          <>
            <Button variant={creating ? "primary" : "secondary"} aria-pressed={creating} onClick={() => setCreating(!creating)}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Nouvelle commande
            </Button>
            <Button variant="secondary" loading={exportCsv.isPending} onClick={onExport}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Exporter en CSV
            </Button>
          </>
        }
      />

      {creating && (
        <div className="mb-6">
          <NewOrderForm
            onCancel={() => setCreating(false)}
            onCreated={(order) => {
              setCreating(false);
              open(order.id);
            }}
          />
        </div>
      )}

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_10rem_10rem]" role="search">
        <div className="relative col-span-2 sm:col-span-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-[2.6rem] left-3 h-4 w-4 text-slate-400" />
          <TextField
            label="Rechercher"
            name="q"
            type="search"
            placeholder="Référence, client ou numéro"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <TextField label="Du" name="date_from" type="date" value={dateFrom} max={dateTo || undefined} onChange={(event) => setDateFrom(event.target.value)} />
        <TextField label="Au" name="date_to" type="date" value={dateTo} min={dateFrom || undefined} onChange={(event) => setDateTo(event.target.value)} />
      </div>

      <div role="group" aria-label="Filtrer par statut" data-scroll-x className="-mx-1 mt-4 mb-3 flex gap-2 overflow-x-auto px-1 pb-1">
        {statusFilters.map((filter) => {
          const count = counters ? counters[filter.value ?? "total"] : undefined;
          const active = status === filter.value;
          return (
            <button
              key={filter.label}
              type="button"
              aria-pressed={active}
              onClick={() => setStatus(filter.value)}
              className={cn(
                "inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 transition-colors",
                active ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
              )}
            >
              {filter.label}
              {count !== undefined && <span className={cn("text-xs", active ? "text-white/80" : "text-slate-500")}>{count}</span>}
            </button>
          );
        })}
      </div>

      {orders.isPending && <LoadingSkeleton rows={4} />}
      {orders.isError && <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.isSuccess && items.length === 0 && (
        <EmptyState icon={ShoppingBag} title={filtered ? "Aucune commande ne correspond" : "Aucune commande pour le moment"}>
          {filtered
            ? "Changez les filtres ou la recherche."
            : "Les commandes confirmées par vos clients sur WhatsApp apparaîtront ici. Vous pouvez aussi saisir une commande prise au téléphone."}
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className={cn("space-y-3", orders.isPlaceholderData && "opacity-60")} aria-label="Commandes" aria-busy={orders.isFetching}>
          {items.map((order) => (
            <OrderCard key={order.id} order={order} onOpen={() => open(order.id)} />
          ))}
        </ul>
      )}
      <LoadMore hasMore={!!orders.hasNextPage} loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()} />

      {openId !== null && <OrderSheet orderId={openId} onClose={close} />}
    </>
  );
}
