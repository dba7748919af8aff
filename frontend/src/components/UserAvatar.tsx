import { cn } from "@/lib/cn";

import { initials } from "@/lib/format";

/** The user's initials in a circle (a photo would need an <img>; initials are what SPEC.md shows). */
export function UserAvatar({ prenom, nom, className }: { prenom?: string; nom?: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white", className)}
    >
      {initials(prenom, nom)}
    </span>
  );
}
