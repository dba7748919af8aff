import { ChevronDown } from "lucide-react";

import { faq } from "../content";
import { SectionHeading } from "./SectionHeading";
import { renderWhenNear } from "./layout";

/** A native <details>/<summary> accordion: keyboard-usable (Tab, Enter, Space) and announced as
 * expanded/collapsed by screen readers, with no JavaScript at all. */
export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-28 py-20 sm:scroll-mt-20" {...renderWhenNear}>
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" title={faq.title} lead={faq.lead} />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {faq.items.map((item) => (
            <details key={item.question} name="faq" className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
              </summary>
              <p className="px-5 pb-5 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
