// The `landing` webpack entry, the only JavaScript "/" loads: it brings the prerendered landing
// HTML to life without React (see enhance.ts). Deferred, so the DOM is parsed when it runs.
import "./landing.css";

import { enhanceLanding } from "./enhance";

const root = document.querySelector("[data-landing]");
if (root) enhanceLanding(root);
