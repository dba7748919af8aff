/** The logistics API's JSON, field for field (the OpenAPI schema at /api/v1/schema). */
import type { Paginated } from "@/api/types";

export type DeliveryStatus = "pending" | "preparing" | "en_route" | "delivered";
export type Priority = "high" | "medium" | "low";

export interface DriverSummary {
  id: number;
  name: string;
  phone: string;
}

export interface Delivery {
  id: string;
  customer: string;
  phone: string;
  address: string;
  commune: string;
  city: string;
  coordinates: { lat: number; lng: number };
  products: string[];
  amount: number;
  status: DeliveryStatus;
  status_label: string;
  driver: DriverSummary | null;
  estimated_time: string | null;
  progress: number;
  priority: Priority;
  priority_label: string;
  delay: { note: string; reported_at: string } | null;
  route_position: number | null;
  created_at: string;
  delivered_at: string | null;
  /** What the driver reported from his page, oldest first. */
  steps: DeliveryStep[];
}

export type StepKind = "picked_up" | "delivered" | "problem";

export interface DeliveryStep {
  kind: StepKind;
  label: string;
  reason: string;
  reason_label: string;
  note: string;
  at: string;
}

export type DeliveryCounters = { total: number } & Record<DeliveryStatus, number>;

export interface DeliveryList extends Paginated<Delivery> {
  counters: DeliveryCounters;
}

export interface Driver {
  id: number;
  name: string;
  phone: string;
  status: "active" | "available" | string;
  status_label: string;
  deliveries: number;
  open_deliveries: number;
  rating: number;
  location: { commune: string; lat: number; lng: number };
  vehicle: Vehicle;
  commune: string;
  side: LagoonSide;
  /** The last position his page posted (kept 6 h), or null. */
  last_position: { lat: number; lng: number; accuracy_m: number | null; recorded_at: string } | null;
  /** His newest live link (the token itself is shown only once, when made). */
  link: { expires_at: string; sent_via: string; sent_at: string | null; send_error: string } | null;
}

/** « Envoyer le lien »: the new link, shown once, and the wa.me address that opens WhatsApp on the driver. */
export interface DriverLinkIssued {
  url: string;
  share_url: string;
  expires_at: string;
  sent_via: string;
}

export type Vehicle = "moto" | "voiture";
export type LagoonSide = "north" | "south";

export const vehicleLabels: Record<Vehicle, string> = { moto: "Moto", voiture: "Voiture" };
export const sideLabels: Record<LagoonSide, string> = { north: "Nord", south: "Sud" };

/** « Ajouter un livreur » / « Modifier »: the side defaults to the commune's on the server. */
export interface DriverPayload {
  name: string;
  phone: string;
  vehicle: Vehicle;
  commune: string;
  side?: LagoonSide;
}

export interface DriverList extends Paginated<Driver> {
  counters: { total: number; active: number; available: number };
}

export interface RouteStop {
  position: number;
  distance_km: number;
  delivery: Delivery;
}

export interface OptimisedRoute {
  driver: Driver;
  stops: RouteStop[];
  total_distance_km: number;
  explanation: string;
}

export { COMMUNES } from "@/config/communes";

export interface DeliverySchedulePayload {
  customer: string;
  phone: string;
  address: string;
  commune: string;
  products: string[];
  amount: number;
  estimated_time: string;
  priority?: Priority;
  driver_id?: number;
}
