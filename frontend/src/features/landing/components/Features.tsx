import { ChartLine, Mail, MessageCircle, Truck } from "lucide-react";

import { features } from "../content";
import { SectionHeading } from "./SectionHeading";
import { renderWhenNear } from "./layout";

const icons = { chat: MessageCircle, mail: Mail, truck: Truck, chart: ChartLine } as const;

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-28 py-20 sm:scroll-mt-20" {...renderWhenNear}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-title" title={features.title} lead={features.lead} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.items.map((feature) => {
            const Icon = icons[feature.icon];
            return (
              <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
