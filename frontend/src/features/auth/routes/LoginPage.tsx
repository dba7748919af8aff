import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, LogIn } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router-dom";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { PasswordField, TextField } from "@/components/Field";
import { paths } from "@/config/paths";
import { normalizeError } from "@/lib/errors";
import { recipientOf } from "@/lib/identifier";
import { getRememberedEmail, setPendingEmail, setRememberedEmail } from "@/lib/storage";

import { AuthLayout, textLink } from "../components/AuthLayout";
import { LOGIN_REDIRECT_DELAY_MS, SUPPORT_HREF, UNVERIFIED_REDIRECT_DELAY_MS } from "../constants";
import { emailOf, fromOf, messageOf } from "../navigation";
import { loginSchema, type LoginValues } from "../schemas";
import { loadLoginApi, useAuth } from "../state/auth-context";

/** The server's message for an account whose code was never verified. */
export const needsVerification = (message: string) => /vérifier|vérifié|OTP/.test(message);

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { login, clearError } = useAuth();
  const successMessage = messageOf(location.state);
  const passedEmail = emailOf(location.state);
  const from = fromOf(location.state);
  const remembered = getRememberedEmail();
  const [loginError, setLoginError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { adresse_email: passedEmail ?? remembered ?? "", mot_de_passe: "", remember: !!remembered && !passedEmail },
  });

  const onSubmit = async (values: LoginValues) => {
    setLoginError(null);
    // One field for an e-mail address or a phone number (an account created by phone has no e-mail).
    const recipient = recipientOf(values.adresse_email);
    const identifier = "numero_telephone" in recipient ? recipient.numero_telephone : recipient.adresse_email;
    const credentials = { ...recipient, mot_de_passe: values.mot_de_passe };
    try {
      await login(credentials);
    } catch (error) {
      const { message } = normalizeError(error);
      setLoginError(message);
      // The auth state keeps the error only until it is shown here.
      clearError();
      if (needsVerification(message)) {
        setPendingEmail(identifier);
        timer.current = window.setTimeout(
          () => navigate(paths.auth.otp, { state: { email: identifier } }),
          UNVERIFIED_REDIRECT_DELAY_MS,
        );
      }
      return;
    }
    setRememberedEmail(values.remember ? identifier : null);
    await new Promise((resolve) => {
      timer.current = window.setTimeout(resolve, LOGIN_REDIRECT_DELAY_MS);
    });
    navigate(from ?? paths.dashboard.root, { replace: true });
  };

  return (
    <AuthLayout
      title="Connexion"
      subtitle="Connectez-vous pour retrouver votre tableau de bord Flux IA."
      back={{ to: paths.home, label: "Retour à l'accueil" }}
      footer={
        <>
          Besoin d'aide ?{" "}
          <a href={SUPPORT_HREF} className={textLink}>
            Contacter le support
          </a>
        </>
      }
    >
      {passedEmail && (
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-sm font-medium text-green-800 ring-1 ring-green-200">
          <BadgeCheck aria-hidden="true" className="h-4 w-4" />
          Compte vérifié avec succès
        </p>
      )}
      {successMessage && (
        <Alert tone="success" className="mb-4">
          {successMessage}
        </Alert>
      )}
      {loginError && (
        <Alert tone="error" className="mb-4">
          {loginError}
        </Alert>
      )}
      {/* Fetch the HTTP client while the person types, not when the page opens. */}
      <form onSubmit={handleSubmit(onSubmit)} onFocus={() => void loadLoginApi()} noValidate className="space-y-4">
        <TextField
          label="Email ou numéro de téléphone"
          type="text"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="vous@entreprise.ci ou 07 07 12 34 56"
          error={errors.adresse_email?.message}
          {...register("adresse_email")}
        />
        <PasswordField
          label="Mot de passe"
          autoComplete="current-password"
          error={errors.mot_de_passe?.message}
          {...register("mot_de_passe")}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <label className="inline-flex min-h-11 items-center gap-2 text-slate-700">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...register("remember")} />
            Se souvenir de moi
          </label>
          <Link to={paths.auth.forgotPassword} className={textLink}>
            Mot de passe oublié ?
          </Link>
        </div>
        <Button type="submit" fullWidth loading={isSubmitting}>
          {!isSubmitting && <LogIn aria-hidden="true" className="h-4 w-4" />}
          {isSubmitting ? "Connexion..." : "Se connecter"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Pas encore de compte ?{" "}
        <Link to={paths.auth.register} className={textLink}>
          Créer un compte
        </Link>
      </p>
    </AuthLayout>
  );
}
