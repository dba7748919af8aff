/** The orders API's JSON, field for field (snake_case, DESIGN.md's GET /orders item shape). */

export type OrderStatus =
  | "confirmed"
  | "awaiting_payment"
  | "paid"
  | "preparing"
  | "out_for_delivery"
  | "delivered"
  | "ready"
  | "picked_up"
  | "cancelled";

export type PaymentMethod = "cash" | "wave" | "orange_money" | "mtn_momo" | "moov_money" | "card";

export interface OrderItem {
  sku: string;
  name: string;
  quantity: number;
  unit_price: number;
  line_total: number;
}

export interface Order {
  id: number;
  reference: string;
  status: OrderStatus;
  status_label: string;
  items: OrderItem[];
  /** A delivery zone's name, or "pickup". */
  zone: string;
  subtotal: number;
  delivery_fee: number;
  total: number;
  payment_method: PaymentMethod;
  payment_method_label: string;
  customer: { name: string; whatsapp_number: string };
  conversation_id: number | null;
  source: "assistant" | "owner";
  created_at: string;
}

export interface OrderEvent {
  from_status: OrderStatus | "";
  to_status: OrderStatus;
  to_status_label: string;
  actor: "assistant" | "owner" | "customer" | "system";
  actor_label: string;
  user_name: string | null;
  note: string;
  customer_notice: string;
  at: string;
}

export interface OrderDriver {
  id: number;
  name: string;
  phone: string;
  vehicle: "moto" | "voiture";
  side: "north" | "south";
  commune: string;
}

export interface OrderDriverChoice extends OrderDriver {
  /** Available and able to reach the address (same side of the lagoon, or a car). */
  eligible: boolean;
}

export interface OrderDetail extends Order {
  address: string;
  commune: string;
  eta_minutes: number | null;
  cancel_reason: string;
  next_statuses: OrderStatus[];
  history: OrderEvent[];
  delivery: { reference: string; status: string; status_label: string; driver: OrderDriver | null } | null;
  suggested_driver: OrderDriver | null;
  driver_choices: OrderDriverChoice[];
  lagoon_side: "north" | "south" | null;
}

export type OrderCounters = Record<OrderStatus | "total", number>;

export interface OrderList {
  count: number;
  next: string | null;
  previous: string | null;
  results: Order[];
  counters: OrderCounters;
}

export interface OrderFilters {
  status: OrderStatus | null;
  q: string;
  date_from: string;
  date_to: string;
}

export interface OrderItemInput {
  sku?: string;
  name?: string;
  unit_price?: number;
  quantity: number;
}

export interface OrderCreateInput {
  customer_name: string;
  customer_phone: string;
  items: OrderItemInput[];
  zone: string;
  address?: string;
  commune?: string;
  payment_method: PaymentMethod;
  note?: string;
}

/** A served zone of the shop, as the order form offers it (GET /orders/delivery-zones). */
export interface DeliveryZoneChoice {
  name: string;
  areas: string[];
  fee: number;
  eta_minutes: [number, number] | null;
  min_order: number;
}

export interface DeliveryZones {
  pickup_available: boolean;
  zones: DeliveryZoneChoice[];
}
