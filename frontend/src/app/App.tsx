import { RouterProvider } from "react-router-dom";

import { AppProviders } from "./providers";
import { createRouter } from "./router";

const router = createRouter();
const navigate = (to: string) => router.navigate(to);

export function App() {
  return (
    <AppProviders navigate={navigate}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
