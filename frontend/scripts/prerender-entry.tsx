// Built by webpack for Node (the "prerender" configuration in webpack.config.js), then called once
// after the build: the landing page's HTML, exactly as the React component renders it.
import { renderToStaticMarkup } from "react-dom/server";

import LandingPage from "../src/features/landing/LandingPage";

export function renderLanding(): string {
  return renderToStaticMarkup(<LandingPage />);
}
