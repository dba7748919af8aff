import routeTable from "./routes.json";

/** Every client-side path in one place. Django reads the same routes.json to answer 404s. */
export const paths = {
  home: "/",
  auth: {
    root: "/auth",
    login: "/auth/login",
    register: "/auth/register",
    quickRegister: "/auth/quick-register",
    otp: "/auth/otp",
    forgotPassword: "/auth/forgot-password",
  },
  dashboard: {
    root: "/dashboard",
    conversations: "/dashboard/conversations",
    orders: "/dashboard/orders",
    assistant: "/dashboard/assistant",
    emails: "/dashboard/emails",
    campaigns: "/dashboard/campagnes",
    logistics: "/dashboard/logistics",
    analytics: "/dashboard/analytics",
    catalog: "/dashboard/catalogue",
    shop: "/dashboard/boutique",
    profile: "/dashboard/profile",
    plans: "/dashboard/abonnement",
  },
} as const;

export const knownRoutes: readonly string[] = routeTable.routes;
