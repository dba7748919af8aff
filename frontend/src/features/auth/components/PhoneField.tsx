import { useId } from "react";

import { describedBy, inputClasses } from "@/components/Field";

import { countries, countryByCode, switchCountry, toInternational, type Country } from "../countries";

interface PhoneFieldProps {
  label: string;
  value: string;
  country: Country;
  onChange: (value: string, country: Country) => void;
  onBlur?: () => void;
  error?: string;
  /** The select's form name: `pays` where the API wants the country's name. */
  countryFieldName?: string;
  hint?: string;
}

/**
 * A country picker (default Côte d'Ivoire) and a number written with a leading plus under the
 * chosen dial code, as the API expects it.
 */
export function PhoneField({ label, value, country, onChange, onBlur, error, countryFieldName = "pays", hint }: PhoneFieldProps) {
  const id = useId();
  const countryId = `${id}-country`;
  const numberId = `${id}-number`;
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex gap-2">
        <div className="w-32 shrink-0 sm:w-40">
          <label htmlFor={countryId} className="sr-only">
            Pays
          </label>
          <select
            id={countryId}
            name={countryFieldName}
            value={country.name}
            onChange={(event) => {
              const next = countries.find((item) => item.name === event.target.value) ?? countryByCode("ci");
              onChange(switchCountry(value, country, next), next);
            }}
            className={inputClasses(false, "pr-8")}
          >
            {countries.map((item) => (
              <option key={item.code} value={item.name}>
                +{item.dialCode} {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={numberId} className="sr-only">
            {label}
          </label>
          <input
            id={numberId}
            name="numero_telephone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={value}
            placeholder={`+${country.dialCode} 07 00 00 00 00`}
            onChange={(event) => onChange(toInternational(event.target.value, country), country)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(numberId, error, hint)}
            className={inputClasses(!!error)}
          />
        </div>
      </div>
      {hint && !error && (
        <p id={`${numberId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${numberId}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
