import { ArrowRight, Bot, Play } from "lucide-react";

import { paths } from "@/config/paths";

import { hero } from "../content";

export function Hero() {
  return (
    <section id="top" aria-labelledby="hero-title" className="scroll-mt-28 bg-linear-to-b from-brand-50 to-white sm:scroll-mt-20">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 pt-10 pb-16 sm:px-6 lg:grid-cols-2 lg:items-center lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700">
            <span aria-hidden="true" className="size-2 rounded-full bg-accent-500" />
            {hero.badge}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">{hero.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a
              href={paths.auth.root}
              className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 py-3 text-base font-semibold text-white hover:bg-brand-700"
            >
              {hero.primary}
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
            <a
              href="#demo"
              className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-700"
            >
              <Play aria-hidden="true" className="size-4" />
              {hero.secondary}
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-500">{hero.reassurance}</p>
        </div>
        <figure className="mx-auto w-full max-w-md rounded-3xl bg-[#efeae2] p-4 shadow-xl ring-1 ring-slate-900/5">
          <figcaption className="mb-3 flex items-center gap-3 rounded-2xl bg-brand-700 px-4 py-3 text-white">
            <span className="flex size-9 items-center justify-center rounded-full bg-white/20">
              <Bot aria-hidden="true" className="size-5" />
            </span>
            <span className="text-sm leading-tight">
              <span className="block font-semibold">Boutique Awa Pagnes</span>
              <span className="block text-brand-100">Assistant Flux IA · en ligne</span>
            </span>
          </figcaption>
          <ul className="space-y-2 text-sm">
            {hero.chat.map((message, index) => (
              <li
                key={index}
                className={
                  message.from === "ai"
                    ? "mr-8 rounded-2xl rounded-tl-sm bg-white px-3 py-2 text-slate-800 shadow-sm"
                    : "ml-8 rounded-2xl rounded-tr-sm bg-[#d9fdd3] px-3 py-2 text-slate-800 shadow-sm"
                }
              >
                {message.text}
              </li>
            ))}
          </ul>
        </figure>
      </div>
    </section>
  );
}
