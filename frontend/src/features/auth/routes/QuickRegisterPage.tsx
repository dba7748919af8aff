import { zodResolver } from "@hookform/resolvers/zod";
import { Mail, Phone } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";

import type { QuickRegisterPayload } from "@/api/types";
import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { PasswordField, TextField } from "@/components/Field";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { normalizeError } from "@/lib/errors";
import { codeDeadline, setPendingCodeExpiry, setPendingEmail } from "@/lib/storage";

import { quickRegister } from "../api/quick-register";
import { AuthLayout, textLink } from "../components/AuthLayout";
import { PasswordRules } from "../components/PasswordRules";
import { PhoneField } from "../components/PhoneField";
import { DEFAULT_COUNTRY_CODE, countryByCode } from "../countries";
import { quickRegisterSchema, type QuickRegisterValues } from "../schemas";

type Mode = QuickRegisterValues["type"];

/** The form holds both fields; the schema checks the one the chosen mode sends. */
type FormValues = { type: Mode; adresse_email: string; numero_telephone: string; mot_de_passe: string };

const defaultCountry = countryByCode(DEFAULT_COUNTRY_CODE);

export default function QuickRegisterPage() {
  const navigate = useNavigate();
  const [country, setCountry] = useState(defaultCountry);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    // The discriminated union validates only the chosen mode's field.
    resolver: zodResolver(quickRegisterSchema) as never,
    defaultValues: { type: "email", adresse_email: "", numero_telephone: `+${defaultCountry.dialCode}`, mot_de_passe: "" },
  });
  const mode = watch("type");
  const password = watch("mot_de_passe");

  const chooseMode = (next: Mode) => {
    setValue("type", next);
    clearErrors();
    setFailure(null);
  };

  const onSubmit = async (values: FormValues) => {
    setFailure(null);
    const payload: QuickRegisterPayload =
      values.type === "email"
        ? { type: "email", adresse_email: values.adresse_email.trim(), mot_de_passe: values.mot_de_passe }
        : { type: "phone", numero_telephone: values.numero_telephone, mot_de_passe: values.mot_de_passe };
    try {
      const response = await quickRegister(payload);
      if (response.otp_sent) {
        const address = payload.type === "email" ? payload.adresse_email : payload.numero_telephone;
        setPendingEmail(address);
        setPendingCodeExpiry(address, codeDeadline(response));
        navigate(paths.auth.otp, { state: { email: address } });
      }
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  const tab = (value: Mode, label: string, Icon: typeof Mail) => (
    <button
      type="button"
      role="radio"
      aria-checked={mode === value}
      onClick={() => chooseMode(value)}
      className={cn(
        "flex min-h-11 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-semibold transition-colors",
        "focus-visible:outline-2 focus-visible:outline-brand-600",
        mode === value ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900",
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </button>
  );

  return (
    <AuthLayout
      title="Créer un compte rapide"
      subtitle="Un email ou un numéro, un mot de passe : vous compléterez votre profil plus tard."
      back={{ to: paths.auth.root, label: "Retour" }}
      footer={
        <>
          Déjà inscrit ?{" "}
          <Link to={paths.auth.login} className={textLink}>
            Se connecter
          </Link>
        </>
      }
    >
      {failure && (
        <Alert tone="error" className="mb-4">
          Erreur : {failure}
        </Alert>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <div role="radiogroup" aria-label="S'inscrire avec" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {tab("email", "Email", Mail)}
          {tab("phone", "Téléphone", Phone)}
        </div>
        <input type="hidden" {...register("type")} />
        {mode === "email" ? (
          <TextField
            label="Adresse email"
            type="email"
            required
            inputMode="email"
            autoComplete="email"
            placeholder="vous@entreprise.ci"
            error={errors.adresse_email?.message}
            {...register("adresse_email")}
          />
        ) : (
          <Controller
            control={control}
            name="numero_telephone"
            render={({ field, fieldState }) => (
              <PhoneField
                label="Numéro de téléphone"
                countryFieldName="indicatif"
                value={field.value}
                country={country}
                onBlur={field.onBlur}
                onChange={(value, nextCountry) => {
                  field.onChange(value);
                  setCountry(nextCountry);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <div className="space-y-2">
          <PasswordField label="Mot de passe" required autoComplete="new-password" error={errors.mot_de_passe?.message} {...register("mot_de_passe")} />
          {/* The rules while typing, not only after a refused submit (as the full registration). */}
          <PasswordRules value={password ?? ""} />
        </div>
        <Button type="submit" fullWidth disabled={isSubmitting}>
          {isSubmitting ? "Chargement..." : "Créer mon compte"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Vous préférez tout renseigner ?{" "}
        <Link to={paths.auth.register} className={textLink}>
          Inscription complète
        </Link>
      </p>
    </AuthLayout>
  );
}
