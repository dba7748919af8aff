import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Send } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { PasswordField, TextField } from "@/components/Field";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { normalizeError } from "@/lib/errors";
import type { CodeRecipient } from "@/api/types";
import { recipientOf } from "@/lib/identifier";
import { maskEmail, maskPhone } from "@/lib/mask";

import { forgotPassword } from "../api/forgot-password";
import { resetPassword } from "../api/reset-password";
import { AuthLayout, textLink } from "../components/AuthLayout";
import { OtpInput } from "../components/OtpInput";
import { useServerErrors } from "../hooks/use-server-errors";
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  type ForgotPasswordValues,
  type ResetPasswordValues,
} from "../schemas";

export const PASSWORD_RESET_MESSAGE = "Mot de passe réinitialisé ! Vous pouvez maintenant vous connecter.";

function RequestStep({ onSent }: { onSent: (identifier: CodeRecipient) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { adresse_email: "" } });

  const onSubmit = async ({ adresse_email }: ForgotPasswordValues) => {
    setFailure(null);
    const identifier = recipientOf(adresse_email);
    try {
      const { message } = await forgotPassword(identifier);
      toast.success("Code envoyé !", message);
      onSent(identifier);
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label="Email ou numéro de téléphone"
        type="text"
        inputMode="email"
        autoComplete="username"
        placeholder="vous@entreprise.ci ou 07 07 12 34 56"
        error={errors.adresse_email?.message}
        {...register("adresse_email")}
      />
      <Button type="submit" fullWidth loading={isSubmitting}>
        {!isSubmitting && <Send aria-hidden="true" className="h-4 w-4" />}
        Recevoir un code
      </Button>
    </form>
  );
}

function ResetStep({ identifier }: { identifier: CodeRecipient }) {
  const byPhone = "numero_telephone" in identifier;
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { otp_code: "", mot_de_passe: "", confirmation_mot_de_passe: "" },
  });
  const placeServerErrors = useServerErrors(setError, ["otp_code", "mot_de_passe"] as const);

  const onSubmit = async (values: ResetPasswordValues) => {
    setFailure(null);
    try {
      await resetPassword({ ...identifier, otp_code: values.otp_code, mot_de_passe: values.mot_de_passe });
    } catch (error) {
      const normalized = normalizeError(error);
      if (!placeServerErrors(normalized)) setFailure(normalized.message);
      return;
    }
    toast.success("Mot de passe modifié", "Vous pouvez vous connecter avec votre nouveau mot de passe.");
    navigate(paths.auth.login, { state: { message: PASSWORD_RESET_MESSAGE } });
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <Alert tone="info">
        Si un compte existe pour{" "}
        <span className="font-semibold break-all">
          {byPhone ? maskPhone(identifier.numero_telephone) : maskEmail(identifier.adresse_email)}
        </span>
        {`, un code à 6 chiffres vient de lui être envoyé${byPhone ? " par WhatsApp" : ""}.`}
      </Alert>
      {failure && <Alert>{failure}</Alert>}
      <Controller
        control={control}
        name="otp_code"
        render={({ field, fieldState }) => (
          <div className="space-y-2">
            <p id="reset-code-label" className="text-sm font-medium text-slate-700">
              {byPhone ? "Code reçu par WhatsApp" : "Code reçu par email"}
            </p>
            <OtpInput
              labelId="reset-code-label"
              value={field.value}
              onChange={field.onChange}
              invalid={!!fieldState.error}
              describedById={fieldState.error ? "reset-code-error" : undefined}
            />
            {fieldState.error && (
              <p id="reset-code-error" role="alert" className="text-sm text-red-600">
                {fieldState.error.message}
              </p>
            )}
          </div>
        )}
      />
      <PasswordField
        label="Nouveau mot de passe"
        autoComplete="new-password"
        hint="Au moins 8 caractères, avec une majuscule, une minuscule et un chiffre."
        error={errors.mot_de_passe?.message}
        {...register("mot_de_passe")}
      />
      <PasswordField
        label="Confirmez le mot de passe"
        autoComplete="new-password"
        error={errors.confirmation_mot_de_passe?.message}
        {...register("confirmation_mot_de_passe")}
      />
      <Button type="submit" fullWidth loading={isSubmitting}>
        {!isSubmitting && <KeyRound aria-hidden="true" className="h-4 w-4" />}
        Réinitialiser le mot de passe
      </Button>
    </form>
  );
}

export default function ForgotPasswordPage() {
  const [identifier, setIdentifier] = useState<CodeRecipient | null>(null);
  return (
    <AuthLayout
      title="Mot de passe oublié"
      subtitle={
        identifier
          ? "Saisissez le code reçu et choisissez un nouveau mot de passe."
          : "Indiquez l'adresse email ou le numéro de votre compte : nous vous enverrons un code de réinitialisation."
      }
      back={{ to: paths.auth.login, label: "Connexion" }}
      footer={
        <>
          Vous vous en souvenez ?{" "}
          <Link to={paths.auth.login} className={textLink}>
            Se connecter
          </Link>
        </>
      }
    >
      {identifier ? <ResetStep identifier={identifier} /> : <RequestStep onSent={setIdentifier} />}
    </AuthLayout>
  );
}
