import { Badge } from "@/components/states";

import { orderStatusLabels, orderStatusTones } from "../lib/status";
import type { OrderStatus } from "../types";

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={orderStatusTones[status]} className="order-status">
      {orderStatusLabels[status]}
    </Badge>
  );
}
