import { MailCheck, RotateCw } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";

import type { CodeRecipient } from "@/api/types";
import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { useCountdown } from "@/hooks/use-countdown";
import { normalizeError } from "@/lib/errors";
import { isPhoneNumber, maskEmail } from "@/lib/mask";
import { formatPhone } from "@/lib/phone";
import { codeDeadline, getAccessToken, getPendingCodeExpiry, getPendingEmail, setPendingCodeExpiry, setPendingEmail } from "@/lib/storage";
import { cn } from "@/lib/cn";

import { resendOtp } from "../api/resend-otp";
import { verifyOtp } from "../api/verify-otp";
import { AuthLayout, textLink } from "../components/AuthLayout";
import { OtpInput } from "../components/OtpInput";
import { OTP_VALIDITY_SECONDS, OTP_WARNING_SECONDS, SUPPORT_HREF } from "../constants";
import { emailOf } from "../navigation";
import { OTP_LENGTH, messages, otpCodeSchema } from "../schemas";
import { useAuth } from "../state/auth-context";

export const VERIFIED_LOGIN_MESSAGE = "Compte vérifié ! Vous pouvez maintenant vous connecter.";
/** Shown when the code can no longer be used (too many wrong tries, or expired): a new one is offered at once. */
export const DEAD_CODE_HINT = "Ce code n'est plus valable : demandez-en un nouveau ci-dessous.";

/** The server's codes for a code that can no longer be used (accounts/services.py). */
const DEAD_CODE_ERRORS = new Set(["otp_attempts_exceeded", "otp_expired"]);

/** Seconds until the stored expiry of the code sent to `address`; a first visit stores 10 minutes from now. */
function secondsLeftFor(address: string): number {
  if (!address) return OTP_VALIDITY_SECONDS;
  let expiry = getPendingCodeExpiry(address);
  if (expiry === null) {
    // No answer told us (e.g. the login screen sent us here): assume a fresh code, and keep that
    // deadline so a reload does not start again at 10:00.
    expiry = Date.now() + OTP_VALIDITY_SECONDS * 1000;
    setPendingCodeExpiry(address, new Date(expiry).toISOString());
  }
  return Math.max(0, Math.ceil((expiry - Date.now()) / 1000));
}

function recipientOf(address: string): CodeRecipient {
  return isPhoneNumber(address) ? { numero_telephone: address.replace(/\s+/g, "") } : { adresse_email: address };
}

export default function OtpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { refreshProfile } = useAuth();
  const [address] = useState(() => emailOf(location.state) ?? getPendingEmail() ?? "");
  const [code, setCode] = useState("");
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [initialSeconds] = useState(() => secondsLeftFor(address));
  const countdown = useCountdown(initialSeconds);
  const byPhone = isPhoneNumber(address);
  const announced = useRef(false);

  useEffect(() => {
    if (address) {
      // A reload of this page must still know whom the code was sent to.
      setPendingEmail(address);
      return;
    }
    if (announced.current) return;
    announced.current = true;
    toast.error("Session expirée", "Veuillez recommencer l'inscription.");
    navigate(paths.auth.register, { replace: true });
  }, [address, navigate]);

  if (!address) {
    return (
      <AuthLayout title="Vérification du compte">
        <Alert title="Session expirée">Veuillez recommencer l'inscription.</Alert>
      </AuthLayout>
    );
  }

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (!otpCodeSchema.safeParse(code).success) {
      setCodeError(messages.otpLength);
      toast.error(messages.otpTitle, messages.otpLength);
      return;
    }
    setCodeError(null);
    setVerifying(true);
    try {
      const response = await verifyOtp({ ...recipientOf(address), otp_code: code });
      if (getAccessToken()) {
        await refreshProfile().catch((error) => console.warn("Profile refresh after verification failed:", normalizeError(error).message));
      }
      toast.success("Compte vérifié !", "Votre compte a été activé avec succès.");
      setPendingEmail(null);
      setPendingCodeExpiry(null);
      // The login screen is prefilled with what the account signs in with: its e-mail, or its number.
      const email = response.user?.adresse_email || (byPhone ? formatPhone(address) : address);
      navigate(paths.auth.login, { state: { message: VERIFIED_LOGIN_MESSAGE, email } });
    } catch (error) {
      const { message, error: code } = normalizeError(error);
      const dead = message.includes("expiré") || (!!code && DEAD_CODE_ERRORS.has(code));
      setCodeError(dead ? `${message} ${DEAD_CODE_HINT}` : message);
      toast.error("Erreur de vérification", message);
      if (dead) {
        // The code is dead: a new one may be asked for now, and a reload must know it too.
        countdown.reset(0);
        setPendingCodeExpiry(address, new Date().toISOString());
      }
      setCode("");
    } finally {
      setVerifying(false);
    }
  };

  const onResend = async () => {
    setResending(true);
    try {
      const response = await resendOtp(recipientOf(address));
      const deadline = codeDeadline(response);
      const expiry = deadline ? Date.parse(deadline) : Number.NaN;
      const seconds = Number.isNaN(expiry) ? OTP_VALIDITY_SECONDS : Math.max(0, Math.ceil((expiry - Date.now()) / 1000));
      setPendingCodeExpiry(address, new Date(Date.now() + seconds * 1000).toISOString());
      toast.success(
        "Code renvoyé !",
        byPhone ? "Un nouveau code a été envoyé sur votre WhatsApp." : "Un nouveau code a été envoyé à votre email.",
      );
      countdown.reset(seconds);
      setCode("");
      setCodeError(null);
    } catch (error) {
      toast.error("Erreur de renvoi", normalizeError(error).message);
    } finally {
      setResending(false);
    }
  };

  const warning = countdown.seconds < OTP_WARNING_SECONDS;

  return (
    <AuthLayout
      title="Vérifiez votre compte"
      subtitle={
        <>
          Nous avons envoyé un code à {OTP_LENGTH} chiffres {byPhone ? "par WhatsApp au " : "à "}
          <span className="font-semibold break-all text-slate-900" data-testid="masked-address">
            {maskEmail(address)}
          </span>
          .
        </>
      }
      footer={
        <>
          Un problème ?{" "}
          <a href={SUPPORT_HREF} className={textLink}>
            Contacter le support
          </a>
        </>
      }
    >
      <form onSubmit={onVerify} noValidate className="space-y-5">
        <div className="space-y-2">
          <p id="otp-label" className="text-sm font-medium text-slate-700">
            Code de vérification
          </p>
          <OtpInput
            labelId="otp-label"
            value={code}
            onChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
            }}
            disabled={verifying}
            invalid={!!codeError}
            describedById={codeError ? "otp-error" : "otp-timer"}
          />
          {codeError && (
            <p id="otp-error" role="alert" className="text-sm text-red-600">
              {codeError}
            </p>
          )}
        </div>
        <p id="otp-timer" className="text-center text-sm text-slate-600" aria-live="off">
          {countdown.isFinished ? (
            "Vous pouvez maintenant demander un nouveau code."
          ) : (
            <>
              Vous pourrez demander un nouveau code dans{" "}
              <span
                data-testid="otp-countdown"
                className={cn("font-semibold tabular-nums", warning ? "text-red-600" : "text-slate-900")}
              >
                {countdown.formatted}
              </span>
            </>
          )}
        </p>
        <Button type="submit" fullWidth loading={verifying} disabled={code.length !== OTP_LENGTH}>
          {!verifying && <MailCheck aria-hidden="true" className="h-4 w-4" />}
          {verifying ? "Vérification..." : "Vérifier le code"}
        </Button>
        <Button variant="secondary" fullWidth onClick={onResend} loading={resending} disabled={!countdown.isFinished}>
          {!resending && <RotateCw aria-hidden="true" className="h-4 w-4" />}
          Renvoyer le code
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {byPhone ? "Ce n'est pas le bon numéro ?" : "Ce n'est pas la bonne adresse ?"}{" "}
        {/* A phone sign-up comes from the quick register's « Téléphone » tab. */}
        <Link to={byPhone ? paths.auth.quickRegister : paths.auth.register} className={textLink}>
          {byPhone ? "Changer de numéro" : "Changer d'email"}
        </Link>
      </p>
    </AuthLayout>
  );
}
