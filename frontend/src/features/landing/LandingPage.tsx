import { useEffect, useRef } from "react";

import { CallToAction } from "./components/CallToAction";
import { Faq } from "./components/Faq";
import { Features } from "./components/Features";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { Hero } from "./components/Hero";
import { HowItWorks } from "./components/HowItWorks";
import { Pricing } from "./components/Pricing";
import { PresentationVideo } from "./components/PresentationVideo";
import { Stats } from "./components/Stats";
import { Testimonials } from "./components/Testimonials";
import { enhanceLanding } from "./enhance";

/** The public landing page (SPEC.md section 2).
 *
 * The build prerenders this component to static HTML (frontend/scripts/prerender-entry.tsx) that
 * Django serves on "/" with the tiny `landing` entry; the SPA renders it too when it navigates to
 * "/". Its links are plain <a>: from here, /auth and /dashboard load the full app. */
export default function LandingPage() {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? enhanceLanding(root.current) : undefined), []);

  return (
    <div ref={root} data-landing="" className="pt-24 sm:pt-16">
      <Header />
      <main>
        <Hero />
        <Stats />
        <Features />
        <HowItWorks />
        <PresentationVideo />
        <Testimonials />
        <Faq />
        <Pricing />
        <CallToAction />
      </main>
      <Footer />
    </div>
  );
}
