import { cn } from "@/lib/cn";

/** The words customers use for a product, as small chips. */
export function AliasChips({ aliases, className, max }: { aliases: string[]; className?: string; max?: number }) {
  if (!aliases.length) return null;
  const shown = max ? aliases.slice(0, max) : aliases;
  const hidden = aliases.length - shown.length;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label="Autres noms">
      {shown.map((alias) => (
        <li key={alias} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700" data-testid="alias-chip">
          {alias}
        </li>
      ))}
      {hidden > 0 && <li className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">+{hidden}</li>}
    </ul>
  );
}
