/** The orders feature's public parts: the sidebar's badge, and the page, loaded on demand. */
export { NewOrdersBadge } from "./components/NewOrdersBadge";
export const loadOrdersPage = () => import("./routes/OrdersPage");
export type { Order, OrderDetail, OrderStatus } from "./types";
