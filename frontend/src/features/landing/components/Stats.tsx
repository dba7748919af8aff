import { stats } from "../content";

export function Stats() {
  return (
    <section aria-label="Chiffres clés" className="mx-auto max-w-6xl px-4 sm:px-6">
      <ul className="grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <li key={stat.label} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <p className="text-4xl font-extrabold text-brand-600">{stat.value}</p>
            <p className="mt-1 font-semibold text-slate-900">{stat.label}</p>
            <p className="mt-2 text-sm text-slate-500">{stat.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
