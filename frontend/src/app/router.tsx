import { createBrowserRouter, type RouteObject } from "react-router-dom";

import { paths } from "@/config/paths";

/** Each screen is its own chunk: a visitor on "/" downloads only the landing page. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    lazy: async () => ({ Component: (await import("@/features/landing/LandingPage")).default }),
  },
  {
    path: "*",
    lazy: async () => ({ Component: (await import("@/features/misc/NotFoundPage")).default }),
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
