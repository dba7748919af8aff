import { brand, footer } from "../content";
import { renderWhenNear } from "./layout";

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300" {...renderWhenNear}>
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-14 sm:grid-cols-3 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <p className="text-lg font-bold text-white">{brand}</p>
          <p className="mt-3 text-sm text-slate-400">{footer.tagline}</p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{column.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="hover:text-white">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-800 px-4 py-6 text-center text-sm text-slate-400">{footer.copyright}</p>
    </footer>
  );
}
