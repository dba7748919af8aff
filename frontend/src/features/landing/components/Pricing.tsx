import { Check } from "lucide-react";

import { paths } from "@/config/paths";

import { pricing } from "../content";
import { formatFcfa } from "@/lib/money";
import { SectionHeading } from "./SectionHeading";
import { renderWhenNear } from "./layout";

export function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-28 bg-slate-50 py-20 sm:scroll-mt-20" {...renderWhenNear}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" title={pricing.title} lead={pricing.lead} />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3 lg:items-start">
          {pricing.plans.map((plan) => (
            <li
              key={plan.name}
              data-plan={plan.name}
              className={
                plan.popular
                  ? "relative rounded-2xl bg-white p-8 shadow-xl ring-2 ring-brand-600"
                  : "relative rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
              }
            >
              {plan.popular && (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
                  {pricing.popular}
                </p>
              )}
              <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-sm text-slate-500">{plan.description}</p>
              <p className="mt-6 flex flex-wrap items-baseline gap-x-1">
                {plan.amount === null ? (
                  <span className="text-3xl font-extrabold text-slate-900">{plan.priceLabel}</span>
                ) : (
                  <>
                    <span className="text-3xl font-extrabold text-slate-900">{formatFcfa(plan.amount)}</span>{" "}
                    <span className="text-slate-500">{pricing.perMonth}</span>
                  </>
                )}
              </p>
              <ul className="mt-6 space-y-3 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <a
                href={paths.auth.root}
                className={
                  plan.popular
                    ? "mt-8 block rounded-xl bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700"
                    : "mt-8 block rounded-xl border border-slate-300 px-4 py-3 text-center font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-700"
                }
              >
                {plan.cta}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
