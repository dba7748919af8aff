import { zodResolver } from "@hookform/resolvers/zod";
import { ImagePlus, UserPlus, Zap } from "lucide-react";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";

import { Button } from "@/components/Button";
import { FieldShell, PasswordField, TextField, describedBy, inputClasses } from "@/components/Field";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { normalizeError } from "@/lib/errors";
import { codeDeadline, setPendingCodeExpiry, setPendingEmail } from "@/lib/storage";

import { register as registerAccount } from "../api/register";
import { AuthLayout, textLink } from "../components/AuthLayout";
import { PhoneField } from "../components/PhoneField";
import { countryByCode, defaultCountry } from "../countries";
import { useServerErrors } from "../hooks/use-server-errors";
import { registerSchema, type RegisterValues } from "../schemas";

const FIELDS = [
  "nom",
  "prenom",
  "adresse_email",
  "numero_telephone",
  "pays",
  "secteur_activite",
  "nom_entreprise",
  "mot_de_passe",
  "photo_profil",
] as const;

const SECTORS = [
  "Commerce de détail",
  "Mode et textile",
  "Alimentation et restauration",
  "Beauté et cosmétiques",
  "Électronique et téléphonie",
  "Services",
  "Santé et pharmacie",
  "Immobilier",
  "Transport et logistique",
  "Agriculture",
  "Autre",
];

export default function RegisterPage() {
  const navigate = useNavigate();
  const [country, setCountry] = useState(defaultCountry);
  const [preview, setPreview] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      nom: "",
      prenom: "",
      adresse_email: "",
      numero_telephone: `+${defaultCountry.dialCode}`,
      pays: defaultCountry.name,
      secteur_activite: "",
      nom_entreprise: "",
      mot_de_passe: "",
      photo_profil: null,
    },
  });
  const placeServerErrors = useServerErrors(setError, FIELDS);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const onSubmit = async (values: RegisterValues) => {
    let expiresAt: string | null;
    try {
      expiresAt = codeDeadline(await registerAccount({ ...values, photo_profil: values.photo_profil ?? undefined }));
    } catch (error) {
      const normalized = normalizeError(error);
      placeServerErrors(normalized);
      toast.error("Erreur d'inscription", normalized.message);
      return;
    }
    toast.success("Inscription réussie !", "Vérifiez votre email pour le code de vérification.");
    setPendingEmail(values.adresse_email);
    setPendingCodeExpiry(values.adresse_email, expiresAt);
    navigate(paths.auth.otp, { state: { email: values.adresse_email } });
  };

  return (
    <AuthLayout
      wide
      title="Créer votre compte"
      subtitle="Quelques informations sur vous et votre entreprise, puis un code de vérification par email."
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
      <Link
        to={paths.auth.quickRegister}
        className="mb-6 flex items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-3 text-sm text-brand-800 hover:border-brand-500"
      >
        <Zap aria-hidden="true" className="h-5 w-5 shrink-0" />
        <span>
          Pressé ? <span className="font-semibold underline">Créer Compte Rapide</span> avec un email ou un numéro.
        </span>
      </Link>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" encType="multipart/form-data">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nom" autoComplete="family-name" error={errors.nom?.message} {...register("nom")} />
          <TextField label="Prénom" autoComplete="given-name" error={errors.prenom?.message} {...register("prenom")} />
        </div>
        <TextField
          label="Email professionnel"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="vous@entreprise.ci"
          error={errors.adresse_email?.message}
          {...register("adresse_email")}
        />
        <Controller
          control={control}
          name="numero_telephone"
          render={({ field, fieldState }) => (
            <Controller
              control={control}
              name="pays"
              render={({ field: paysField }) => (
                <PhoneField
                  label="Numéro WhatsApp"
                  value={field.value}
                  country={country}
                  onBlur={field.onBlur}
                  onChange={(value, nextCountry) => {
                    field.onChange(value);
                    if (nextCountry.code !== country.code) {
                      setCountry(countryByCode(nextCountry.code));
                      paysField.onChange(nextCountry.name);
                    }
                  }}
                  error={fieldState.error?.message ?? errors.pays?.message}
                  hint="Le numéro sur lequel vos clients vous écrivent."
                />
              )}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldShell id="secteur_activite" label="Secteur d'activité" optional error={errors.secteur_activite?.message}>
            <select
              id="secteur_activite"
              className={inputClasses(!!errors.secteur_activite)}
              aria-describedby={describedBy("secteur_activite", errors.secteur_activite?.message)}
              {...register("secteur_activite")}
            >
              <option value="">Choisissez un secteur</option>
              {SECTORS.map((sector) => (
                <option key={sector} value={sector}>
                  {sector}
                </option>
              ))}
            </select>
          </FieldShell>
          <TextField
            label="Nom de l'entreprise"
            optional
            autoComplete="organization"
            error={errors.nom_entreprise?.message}
            {...register("nom_entreprise")}
          />
        </div>
        <PasswordField
          label="Mot de passe"
          autoComplete="new-password"
          hint="Au moins 8 caractères, avec une majuscule, une minuscule et un chiffre."
          error={errors.mot_de_passe?.message}
          {...register("mot_de_passe")}
        />
        <Controller
          control={control}
          name="photo_profil"
          render={({ field, fieldState }) => (
            <FieldShell id="photo_profil" label="Photo de profil" optional error={fieldState.error?.message}>
              <div className="flex items-center gap-3">
                <span className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 text-slate-400">
                  {preview ? (
                    <img src={preview} alt="Aperçu de la photo de profil" className="h-full w-full object-cover" />
                  ) : (
                    <ImagePlus aria-hidden="true" className="h-6 w-6" />
                  )}
                </span>
                <div className="min-w-0">
                  {/* The native file button would speak the browser's language; this label speaks French. */}
                  <input
                    id="photo_profil"
                    name="photo_profil"
                    type="file"
                    accept="image/*"
                    onBlur={field.onBlur}
                    aria-describedby={describedBy("photo_profil", fieldState.error?.message)}
                    onChange={(event) => {
                      const file = event.target.files?.[0] ?? null;
                      field.onChange(file);
                      setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
                    }}
                    className="peer sr-only"
                  />
                  <label
                    htmlFor="photo_profil"
                    aria-hidden="true"
                    className="inline-flex cursor-pointer items-center rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
                  >
                    Choisir une image
                  </label>
                  <p className="mt-1 truncate text-xs text-slate-500">{field.value ? field.value.name : "Aucune image choisie"}</p>
                </div>
              </div>
            </FieldShell>
          )}
        />
        <p className="text-xs text-slate-500">
          En créant un compte, vous acceptez nos{" "}
          <a href="#" className="underline">
            conditions d'utilisation
          </a>{" "}
          et notre{" "}
          <a href="#" className="underline">
            politique de confidentialité
          </a>
          .
        </p>
        <Button type="submit" fullWidth loading={isSubmitting}>
          {!isSubmitting && <UserPlus aria-hidden="true" className="h-4 w-4" />}
          {isSubmitting ? "Inscription..." : "Créer mon compte"}
        </Button>
      </form>
    </AuthLayout>
  );
}
