import { ChevronLeft, ChevronRight, Pause, Play, Star } from "lucide-react";

import { testimonials } from "../content";
import { SectionHeading } from "./SectionHeading";
import { renderWhenNear } from "./layout";

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" data-rating={rating}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= rating ? "size-4 fill-amber-400 text-amber-400" : "size-4 fill-slate-200 text-slate-200"}
        />
      ))}
      <span className="sr-only">{`Note : ${rating} sur 5`}</span>
    </p>
  );
}

const controlClass =
  "flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700";

/** A scroll-snap carousel: swipeable without JavaScript; enhance.ts adds the automatic scrolling
 * (paused on hover, on focus, when hidden and under prefers-reduced-motion) and the buttons. */
export function Testimonials() {
  const count = testimonials.items.length;
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-28 bg-slate-50 py-20 sm:scroll-mt-20" {...renderWhenNear}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" title={testimonials.title} lead={testimonials.lead} />
        <div data-carousel="" role="region" aria-roledescription="carrousel" aria-label={testimonials.title} className="mt-10">
          <ul
            data-carousel-track=""
            className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 [scrollbar-width:none]"
          >
            {testimonials.items.map((item, index) => (
              <li
                key={item.name}
                data-carousel-slide=""
                role="group"
                aria-roledescription="témoignage"
                aria-label={`${index + 1} sur ${count}`}
                className="relative flex shrink-0 basis-full snap-start flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:basis-[calc(50%-0.5rem)] lg:basis-[calc((100%-2rem)/3)]"
              >
                <Stars rating={item.rating} />
                <blockquote className="mt-4 flex-1 text-slate-700">{`«\u00a0${item.quote}\u00a0»`}</blockquote>
                <p className="mt-5 text-sm">
                  <span className="block font-semibold text-slate-900">{item.name}</span>
                  <span className="block text-slate-500">{item.role}</span>
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex items-center justify-center gap-3">
            <button data-carousel-prev="" type="button" className={controlClass}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              <span className="sr-only">{testimonials.previous}</span>
            </button>
            <button
              data-carousel-toggle=""
              type="button"
              data-resume-label={testimonials.resume}
              className={controlClass}
            >
              <Pause data-when="playing" aria-hidden="true" className="size-4" />
              <Play data-when="paused" aria-hidden="true" className="hidden size-4" />
              <span className="sr-only">{testimonials.pause}</span>
            </button>
            <button data-carousel-next="" type="button" className={controlClass}>
              <ChevronRight aria-hidden="true" className="size-5" />
              <span className="sr-only">{testimonials.next}</span>
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
