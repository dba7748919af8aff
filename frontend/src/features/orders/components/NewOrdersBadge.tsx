import { useNewOrdersCount } from "../api/get-new-orders-count";

/** The sidebar's count of new orders (« Confirmée », waiting for the owner); nothing when there are none. */
export function NewOrdersBadge() {
  const count = useNewOrdersCount().data ?? 0;
  if (count <= 0) return null;
  const label = `${count} nouvelle${count > 1 ? "s" : ""} commande${count > 1 ? "s" : ""}`;
  return (
    <span
      data-testid="new-orders-count"
      title={label}
      className="ml-auto inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
