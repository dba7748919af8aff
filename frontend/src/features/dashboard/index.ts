/**
 * The dashboard shell: the layout (sidebar, header), the home page, the routes that mount every
 * feature's page under /dashboard (DashboardApp.tsx, the lazy chunk the app's router loads) and the
 * sidebar's items. Features add their page to DashboardApp.tsx
 * and their entry to nav-items.ts.
 */
export { navItems, type NavItem } from "./components/nav-items";
export { dashboardHomeQueryOptions, useDashboardHome } from "./api/get-dashboard-home";
