import { Play } from "lucide-react";

import { demo } from "../content";
import { presentation } from "../media";
import { SectionHeading } from "./SectionHeading";
import { renderWhenNear } from "./layout";

/** The clip ships without a src: enhance.ts fills the sources in when the player nears the
 * viewport, or shows the play button to a visitor who saves data or prefers reduced motion. The
 * lazy <picture> (AVIF, WebP, JPEG) stands in for the poster until the first frame plays. */
export function PresentationVideo() {
  return (
    <section id="demo" aria-labelledby="demo-title" className="scroll-mt-28 py-20 sm:scroll-mt-20" {...renderWhenNear}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="demo-title" title={demo.title} lead={demo.lead} />
        <div
          data-video=""
          className="relative mx-auto mt-10 aspect-video max-w-4xl overflow-hidden rounded-2xl bg-slate-900 shadow-xl ring-1 ring-slate-900/10"
        >
          <picture>
            <source srcSet={presentation.poster.avif} type="image/avif" />
            <source srcSet={presentation.poster.webp} type="image/webp" />
            <img
              data-video-poster=""
              src={presentation.poster.jpg}
              width={presentation.width}
              height={presentation.height}
              alt=""
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
          </picture>
          <video
            data-video-player=""
            className="absolute inset-0 size-full object-cover"
            width={presentation.width}
            height={presentation.height}
            aria-label={demo.label}
            autoPlay
            muted
            loop
            playsInline
            preload="none"
          >
            <source data-src={presentation.webm} type="video/webm" />
            <source data-src={presentation.mp4} type="video/mp4" />
          </video>
          <button
            data-video-play=""
            type="button"
            hidden
            className="absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow-lg hover:bg-white focus-visible:outline-4 focus-visible:outline-brand-500"
          >
            <Play aria-hidden="true" className="size-8 translate-x-0.5 fill-current" />
            <span className="sr-only">{demo.play}</span>
          </button>
        </div>
      </div>
    </section>
  );
}
