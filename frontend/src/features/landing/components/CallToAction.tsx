import { callToAction } from "../content";
import { renderWhenNear } from "./layout";

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-700" {...renderWhenNear}>
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {callToAction.title}
        </h2>
        <p className="mt-4 text-lg text-brand-100">{callToAction.text}</p>
        <a
          href="#pricing"
          className="mt-8 inline-block rounded-xl bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {callToAction.button}
        </a>
      </div>
    </section>
  );
}
