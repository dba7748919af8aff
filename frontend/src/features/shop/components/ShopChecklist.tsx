/** The home page's checklist: what the assistant still lacks, each with a link to where to do it.
 * Done items are hidden; when nothing is missing the card is not shown at all. */
import { ArrowRight, CircleDashed } from "lucide-react";
import { Link } from "react-router-dom";

import { useChecklist } from "../api/get-checklist";

export function ShopChecklist() {
  const checklist = useChecklist();
  if (!checklist.data || checklist.data.complete) return null;
  const missing = checklist.data.items.filter((item) => !item.done);

  return (
    <section aria-labelledby="checklist-title" className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-amber-300" data-testid="shop-checklist">
      <h2 id="checklist-title" className="text-lg font-semibold text-slate-900">
        Ce qu'il manque à votre assistant
      </h2>
      <p className="mt-1 text-sm text-slate-600">L'assistant ne répond qu'avec ce que vous lui avez appris.</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {missing.map((item) => (
          <li key={item.code}>
            <Link to={item.path} className="flex min-h-11 items-center gap-3 rounded-lg px-1 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50">
              <CircleDashed aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-500" />
              <span className="min-w-0 flex-1">{item.label}</span>
              <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
