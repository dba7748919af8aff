import { steps } from "../content";
import { SectionHeading } from "./SectionHeading";
import { renderWhenNear } from "./layout";

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-28 bg-slate-50 py-20 sm:scroll-mt-20" {...renderWhenNear}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" title={steps.title} lead={steps.lead} />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.items.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
