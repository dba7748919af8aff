import { Check, Circle } from "lucide-react";

import { cn } from "@/lib/cn";

const RULES = [
  { label: "Au moins 8 caractères", test: (value: string) => value.length >= 8 },
  { label: "Une majuscule", test: (value: string) => /[A-Z]/.test(value) },
  { label: "Une minuscule", test: (value: string) => /[a-z]/.test(value) },
  { label: "Un chiffre", test: (value: string) => /\d/.test(value) },
];

/** The password rules (the server's, SPEC.md section 5), each ticked as soon as the typed password meets it. */
export function PasswordRules({ value }: { value: string }) {
  return (
    <ul data-testid="password-rules" aria-label="Règles du mot de passe" className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
      {RULES.map((rule) => {
        const met = rule.test(value);
        return (
          <li key={rule.label} data-met={met} className={cn("flex items-center gap-1.5", met ? "text-green-700" : "text-slate-500")}>
            {met ? <Check aria-hidden="true" className="h-3.5 w-3.5" /> : <Circle aria-hidden="true" className="h-3 w-3" />}
            <span>
              {rule.label}
              <span className="sr-only">{met ? " : respecté" : " : à respecter"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
