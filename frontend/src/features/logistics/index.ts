/** The logistics feature: deliveries, drivers and their quick actions. */
export { default as LogisticsPage } from "./routes/LogisticsPage";
export { deliveriesQueryKey, logisticsQueryKey, useDeliveries } from "./api/get-deliveries";
export { driversQueryKey, useDrivers } from "./api/get-drivers";
export type { Delivery, DeliveryStatus, Driver } from "./types";
