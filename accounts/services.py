"""Writes of the accounts app: registration, one-time codes, login, tokens, profile.

Every business failure raises ``core.exceptions.ApplicationError`` with one of the French messages
below (module constants, so tests assert them exactly).
"""

import logging
import secrets
from datetime import datetime, timedelta
from enum import Enum

from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.models import update_last_login
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from rest_framework_simplejwt.exceptions import TokenError
from rest_framework_simplejwt.token_blacklist.models import BlacklistedToken, OutstandingToken
from rest_framework_simplejwt.tokens import AccessToken, RefreshToken

from config.exceptions import MSG_INVALID_TOKEN
from core.exceptions import ApplicationError
from core.tasks import enqueue_on_commit, send_email

from . import throttles
from .authentication import access_token_deny
from .constants import OTP_ACCOUNT_MAX_FAILURES, OTP_MAX_ATTEMPTS, OTP_VALIDITY_SECONDS
from .models import OneTimeCode, User
from .photos import profile_photo_clean
from .selectors import normalize_email, one_time_code_alive, user_by_identifier, user_by_phone
from .tasks import send_code_by_phone_task

logger = logging.getLogger("flux.accounts")

MSG_REGISTERED = "Inscription réussie ! Vérifiez votre email pour le code de vérification."
MSG_REGISTERED_BY_PHONE = "Inscription réussie ! Saisissez le code de vérification envoyé à votre numéro."
MSG_EMAIL_TAKEN = "Un compte vérifié existe déjà avec cette adresse email. Veuillez vous connecter."
MSG_PHONE_TAKEN = "Un compte vérifié existe déjà avec ce numéro de téléphone. Veuillez vous connecter."
MSG_VERIFIED = "Compte vérifié ! Vous pouvez maintenant vous connecter."
MSG_CODE_INVALID = "Code OTP invalide. Vérifiez le code reçu et réessayez."
MSG_CODE_EXPIRED = "Le code OTP a expiré. Veuillez demander un nouveau code."
MSG_CODE_EXHAUSTED = (
    "Trop de tentatives incorrectes : ce code n'est plus valable. Demandez un nouveau code pour réessayer."
)
MSG_CODES_LOCKED = (
    "Trop d'échecs de vérification : les codes de ce compte sont bloqués. Contactez le support pour les débloquer."
)
MSG_RESENT = "Si cette adresse correspond à un compte en attente de vérification, un nouveau code vient d'être envoyé."
MSG_LOGIN_FAILED = "Adresse email ou mot de passe incorrect."
MSG_LOGIN_FAILED_PHONE = "Numéro de téléphone ou mot de passe incorrect."
MSG_NOT_VERIFIED = "Votre compte n'est pas encore vérifié. Veuillez vérifier votre email et saisir le code OTP reçu."
MSG_NOT_VERIFIED_PHONE = "Votre compte n'est pas encore vérifié. Veuillez saisir le code OTP reçu sur WhatsApp."
MSG_SESSION_INVALID = MSG_INVALID_TOKEN
MSG_LOGGED_OUT = "Déconnexion réussie. À bientôt !"
MSG_RESET_SENT = "Si un compte correspond à cette adresse, un code de réinitialisation vient d'être envoyé par email."
MSG_RESET_SENT_PHONE = (
    "Si un compte correspond à ce numéro, un code de réinitialisation vient d'être envoyé par WhatsApp."
)
MSG_PASSWORD_RESET = "Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter."
MSG_EMAIL_READ_ONLY = "L'adresse email ne peut pas être modifiée."

EMAIL_SUBJECTS = {
    OneTimeCode.Purpose.VERIFY_ACCOUNT: "Votre code de vérification Flux IA",
    OneTimeCode.Purpose.RESET_PASSWORD: "Réinitialisation de votre mot de passe Flux IA",
}
EMAIL_INTROS = {
    OneTimeCode.Purpose.VERIFY_ACCOUNT: (
        "Bienvenue sur Flux IA ! Pour activer votre compte, saisissez le code ci-dessous sur l'écran de vérification."
    ),
    OneTimeCode.Purpose.RESET_PASSWORD: (
        "Vous avez demandé à réinitialiser votre mot de passe Flux IA. "
        "Saisissez le code ci-dessous pour en choisir un nouveau."
    ),
}


# --- One-time codes ----------------------------------------------------------------------------


def _code_hash(*, user: User, purpose: str, code: str) -> str:
    # Keyed by SECRET_KEY: the 10^6 possible codes cannot be tried offline against a leaked table.
    return salted_hmac("accounts.OneTimeCode", f"{user.pk}:{purpose}:{code}", algorithm="sha256").hexdigest()


def one_time_code_issue(*, user: User, purpose: str, channel: str | None = None) -> OneTimeCode:
    """Create a new code (killing the previous one of the same purpose) and send it after commit.

    The channel defaults to e-mail, or the phone for a phone-only account.
    """
    if channel is None:
        channel = OneTimeCode.Channel.EMAIL if user.adresse_email else OneTimeCode.Channel.PHONE
    code = f"{secrets.randbelow(10**6):06d}"
    now = timezone.now()
    with transaction.atomic():
        OneTimeCode.objects.filter(user=user, purpose=purpose, used_at__isnull=True, revoked_at__isnull=True).update(
            revoked_at=now
        )
        otp = OneTimeCode.objects.create(
            user=user,
            purpose=purpose,
            channel=channel,
            code_hash=_code_hash(user=user, purpose=purpose, code=code),
            expires_at=now + timedelta(seconds=OTP_VALIDITY_SECONDS),
        )
        if channel == OneTimeCode.Channel.PHONE:
            enqueue_on_commit(send_code_by_phone_task, numero_telephone=str(user.numero_telephone), code=code)
        else:
            _queue_code_email(user=user, purpose=purpose, code=code)
    return otp


def _queue_code_email(*, user: User, purpose: str, code: str) -> None:
    context = {
        "prenom": user.prenom,
        "code": code,
        "intro": EMAIL_INTROS[purpose],
        "subject": EMAIL_SUBJECTS[purpose],
        "validity_minutes": OTP_VALIDITY_SECONDS // 60,
    }
    text = render_to_string("emails/otp_code.txt", context)
    html = render_to_string("emails/otp_code.html", context)
    enqueue_on_commit(send_email, subject=EMAIL_SUBJECTS[purpose], to=[user.adresse_email], text=text, html=html)


class CodeOutcome(Enum):
    ACCEPTED = "accepted"
    INVALID = "invalid"
    EXPIRED = "expired"
    EXHAUSTED = "exhausted"
    LOCKED = "locked"


def _code_consume(*, user: User, purpose: str, code: str, on_accept=None) -> CodeOutcome:
    """Check a guess against the user's current code, counting it atomically.

    The user row and the code row are locked (SELECT ... FOR UPDATE) so concurrent guesses are
    counted one after the other: five guesses sent at once use up exactly five tries. The
    transaction commits the count even when the guess is wrong; the caller raises afterwards.
    ``on_accept(user)`` runs inside the same transaction when the code is right.
    """
    now = timezone.now()
    with transaction.atomic():
        locked_user = User.objects.select_for_update().get(pk=user.pk)
        if locked_user.otp_failures >= OTP_ACCOUNT_MAX_FAILURES:
            return CodeOutcome.LOCKED
        otp = (
            OneTimeCode.objects.select_for_update()
            .filter(user=locked_user, purpose=purpose, revoked_at__isnull=True)
            .order_by("-created_at", "-id")
            .first()
        )
        if otp is None or otp.used_at is not None:
            return CodeOutcome.INVALID
        if otp.attempts >= OTP_MAX_ATTEMPTS:
            return CodeOutcome.EXHAUSTED
        if otp.expires_at <= now:
            return CodeOutcome.EXPIRED
        if constant_time_compare(_code_hash(user=locked_user, purpose=purpose, code=code), otp.code_hash):
            otp.used_at = now
            otp.save(update_fields=["used_at"])
            locked_user.otp_failures = 0
            locked_user.save(update_fields=["otp_failures"])
            if on_accept is not None:
                on_accept(locked_user)
            return CodeOutcome.ACCEPTED
        otp.attempts += 1
        otp.save(update_fields=["attempts"])
        locked_user.otp_failures += 1
        locked_user.save(update_fields=["otp_failures"])
        # The wrong guess that uses up the last try says so at once: the screen then offers a new
        # code instead of letting the person type a sixth one into a dead code.
        return CodeOutcome.EXHAUSTED if otp.attempts >= OTP_MAX_ATTEMPTS else CodeOutcome.INVALID


def _raise_for(outcome: CodeOutcome) -> None:
    if outcome is CodeOutcome.ACCEPTED:
        return
    if outcome is CodeOutcome.EXPIRED:
        raise ApplicationError(MSG_CODE_EXPIRED, code="otp_expired", status_code=400)
    if outcome is CodeOutcome.EXHAUSTED:
        raise ApplicationError(MSG_CODE_EXHAUSTED, code="otp_attempts_exceeded", status_code=429)
    if outcome is CodeOutcome.LOCKED:
        raise ApplicationError(MSG_CODES_LOCKED, code="otp_locked", status_code=403)
    raise ApplicationError(MSG_CODE_INVALID, code="otp_invalid", status_code=400)


def user_codes_unlock(*, user: User) -> None:
    """Staff action: accept codes again for an account locked after too many failures."""
    User.objects.filter(pk=user.pk).update(otp_failures=0)
    user.otp_failures = 0


# --- Registration and verification -------------------------------------------------------------


def user_register(
    *,
    prenom: str,
    nom: str,
    adresse_email: str,
    numero_telephone: str,
    pays: str,
    mot_de_passe: str,
    secteur_activite: str = "",
    nom_entreprise: str = "",
    photo_profil=None,
) -> User:
    """Create an account (or update an unverified one with the same e-mail) and send it a code.

    A verified account with this e-mail is a 409. The photo, if any, is checked before anything
    is written.
    """
    email = normalize_email(adresse_email)
    clean_photo = profile_photo_clean(photo_profil) if photo_profil is not None else None
    try:
        with transaction.atomic():
            user = User.objects.select_for_update().filter(adresse_email__iexact=email).first()
            if user is not None and user.compte_verifie:
                raise ApplicationError(MSG_EMAIL_TAKEN, code="email_taken", status_code=409)
            user = user or User(adresse_email=email)
            user.prenom = prenom
            user.nom = nom
            user.numero_telephone = numero_telephone
            # The form asks for « Numéro WhatsApp »: it is the profile's WhatsApp number too.
            user.whatsapp = str(numero_telephone)
            user.pays = pays
            user.secteur_activite = secteur_activite
            user.nom_entreprise = nom_entreprise
            user.set_password(mot_de_passe)
            if clean_photo is not None:
                old = user.photo_profil.name if user.photo_profil else ""
                user.photo_profil.save(clean_photo.name, clean_photo, save=False)
                if old:
                    transaction.on_commit(lambda: user.photo_profil.storage.delete(old))
            user.save()
            one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    except IntegrityError:
        # Two registrations of one address at the same instant: the loser sees the usual 409.
        raise ApplicationError(MSG_EMAIL_TAKEN, code="email_taken", status_code=409) from None
    return user


def user_quick_register(*, type: str, mot_de_passe: str, adresse_email: str = "", numero_telephone: str = "") -> User:
    """Create a minimal account identified by e-mail or by phone and send it a code."""
    try:
        with transaction.atomic():
            if type == "email":
                email = normalize_email(adresse_email)
                user = User.objects.select_for_update().filter(adresse_email__iexact=email).first()
                if user is not None and user.compte_verifie:
                    raise ApplicationError(MSG_EMAIL_TAKEN, code="email_taken", status_code=409)
                user = user or User(adresse_email=email)
            else:
                if User.objects.filter(numero_telephone=numero_telephone, compte_verifie=True).exists():
                    raise ApplicationError(MSG_PHONE_TAKEN, code="phone_taken", status_code=409)
                user = (
                    User.objects.select_for_update()
                    .filter(numero_telephone=numero_telephone, adresse_email__isnull=True)
                    .first()
                ) or User(adresse_email=None, numero_telephone=numero_telephone)
                # The code reaches this number by WhatsApp: it is the profile's WhatsApp number.
                user.whatsapp = str(numero_telephone)
            user.set_password(mot_de_passe)
            user.save()
            one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    except IntegrityError:
        message, code = (MSG_EMAIL_TAKEN, "email_taken") if type == "email" else (MSG_PHONE_TAKEN, "phone_taken")
        raise ApplicationError(message, code=code, status_code=409) from None
    return user


def user_verify(*, otp_code: str, adresse_email: str = "", numero_telephone: str = "") -> User:
    """Check an account-verification code; on success the account is verified."""
    user = user_by_identifier(adresse_email=adresse_email, numero_telephone=numero_telephone)
    if user is None or not user.is_active:
        raise ApplicationError(MSG_CODE_INVALID, code="otp_invalid", status_code=400)

    def mark_verified(locked_user: User) -> None:
        locked_user.compte_verifie = True
        locked_user.otp_verified = True
        locked_user.save(update_fields=["compte_verifie", "otp_verified", "date_modification"])

    _raise_for(
        _code_consume(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT, code=otp_code, on_accept=mark_verified)
    )
    user.refresh_from_db()
    return user


def verification_code_resend(*, adresse_email: str = "", numero_telephone: str = "") -> datetime:
    """Send a new verification code to an unverified account and return when it expires.

    Unknown addresses get no code but the same answer (an expiry computed the same way);
    requests are limited per address (1 a minute, 5 an hour)."""
    subject = throttles.subject_key(adresse_email or numero_telephone)
    throttles.hit_or_raise(throttles.RESEND_PER_MINUTE, subject)
    throttles.hit_or_raise(throttles.RESEND_PER_HOUR, subject)
    user = user_by_identifier(adresse_email=adresse_email, numero_telephone=numero_telephone)
    if user is None or user.compte_verifie or not user.is_active:
        expires_at = timezone.now() + timedelta(seconds=OTP_VALIDITY_SECONDS)
    else:
        expires_at = one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT).expires_at
    # Whole seconds: the answer for an unknown address looks like any other.
    return expires_at.replace(microsecond=0)


def user_mark_verified(*, user: User) -> None:
    """Staff action: verify an account without a code."""
    user.compte_verifie = True
    user.otp_verified = True
    user.save(update_fields=["compte_verifie", "otp_verified", "date_modification"])


# --- Login and tokens --------------------------------------------------------------------------


def _tokens_for(user: User) -> dict:
    refresh = RefreshToken.for_user(user)
    return {"access_token": str(refresh.access_token), "refresh_token": str(refresh)}


def user_login(*, request, mot_de_passe: str, adresse_email: str = "", numero_telephone: str = "") -> dict:
    """Authenticate and return ``{user, access_token, refresh_token}``.

    Failed attempts are limited per account (5 per 5 minutes) and per client IP (30 a minute).
    Unknown address and wrong password give the same 401. An unverified account gets a 403 and,
    if it holds no usable code, a fresh one.
    """
    identifier = normalize_email(adresse_email) if adresse_email else numero_telephone
    account_key = throttles.subject_key(identifier)
    ip_key = throttles.subject_key(throttles.client_ip(request))
    throttles.raise_if_exhausted(throttles.LOGIN_FAILURES_PER_IP, ip_key)
    throttles.raise_if_exhausted(throttles.LOGIN_FAILURES_PER_ACCOUNT, account_key)

    if adresse_email:
        user = authenticate(request, adresse_email=identifier, password=mot_de_passe)
    else:
        candidate = user_by_phone(numero_telephone)
        # Phone-only accounts authenticate by their e-mail-less row; hash anyway when unknown so
        # both paths take the same time.
        user = None
        if candidate is not None and candidate.check_password(mot_de_passe) and candidate.is_active:
            user = candidate
        elif candidate is None:
            User().set_password(mot_de_passe)
    if user is None:
        throttles.hit(throttles.LOGIN_FAILURES_PER_IP, ip_key)
        throttles.hit(throttles.LOGIN_FAILURES_PER_ACCOUNT, account_key)
        message = MSG_LOGIN_FAILED if adresse_email else MSG_LOGIN_FAILED_PHONE
        raise ApplicationError(message, code="invalid_credentials", status_code=401)

    throttles.reset(throttles.LOGIN_FAILURES_PER_ACCOUNT, account_key)
    if not user.compte_verifie:
        if one_time_code_alive(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT) is None:
            one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
        message = MSG_NOT_VERIFIED if user.adresse_email else MSG_NOT_VERIFIED_PHONE
        raise ApplicationError(message, code="account_not_verified", status_code=403)

    update_last_login(None, user)
    return {"user": user, **_tokens_for(user)}


def _invalid_session() -> ApplicationError:
    return ApplicationError(
        MSG_SESSION_INVALID, code="token_not_valid", status_code=401, headers={"WWW-Authenticate": 'Bearer realm="api"'}
    )


def token_refresh(*, refresh_token: str) -> dict:
    """Exchange a refresh token for a new pair; the old refresh token is blacklisted (rotation).

    The outstanding-token row is locked so two concurrent uses of one refresh token cannot both
    succeed.
    """
    try:
        refresh = RefreshToken(refresh_token)
    except TokenError:
        raise _invalid_session() from None
    with transaction.atomic():
        outstanding = (
            OutstandingToken.objects.select_for_update(of=("self",)).filter(jti=refresh.get("jti")).order_by().first()
        )
        if outstanding is None or BlacklistedToken.objects.filter(token=outstanding).exists():
            raise _invalid_session()
        user = User.objects.filter(pk=refresh.get(settings.SIMPLE_JWT.get("USER_ID_CLAIM", "user_id"))).first()
        if user is None or not user.is_active:
            raise _invalid_session()
        BlacklistedToken.objects.create(token=outstanding)
        return _tokens_for(user)


def session_end(*, access_token: str = "", refresh_token: str = "") -> None:
    """Logout: blacklist the refresh token and deny the access token until it expires.

    Tokens that are already invalid are ignored: logging out always succeeds.
    """
    if access_token:
        try:
            access_token_deny(AccessToken(access_token))
        except TokenError:
            pass
    if refresh_token:
        try:
            RefreshToken(refresh_token).blacklist()
        except TokenError:
            pass


def user_sessions_end_all(*, user: User) -> None:
    """Blacklist every refresh token of the user (after a password reset)."""
    for outstanding in OutstandingToken.objects.filter(user=user, expires_at__gt=timezone.now()):
        BlacklistedToken.objects.get_or_create(token=outstanding)


# --- Password reset ----------------------------------------------------------------------------


def password_reset_request(*, adresse_email: str = "", numero_telephone: str = "") -> str:
    """Send a reset code to an active account: by e-mail, or by WhatsApp to an account created by
    phone (it has no address). Unknown identifiers get the same answer, returned here.

    Limited to 5 requests an hour per address or number.
    """
    throttles.hit_or_raise(throttles.FORGOT_PASSWORD_PER_HOUR, throttles.subject_key(adresse_email or numero_telephone))
    user = user_by_identifier(adresse_email=adresse_email, numero_telephone=numero_telephone)
    if user is not None and user.is_active:
        # The channel follows the account: e-mail when it has an address, else its phone.
        one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.RESET_PASSWORD)
    return MSG_RESET_SENT if adresse_email else MSG_RESET_SENT_PHONE


def password_reset_confirm(
    *, otp_code: str, mot_de_passe: str, adresse_email: str = "", numero_telephone: str = ""
) -> None:
    """Set a new password with a reset code; every open session of the account ends."""
    user = user_by_identifier(adresse_email=adresse_email, numero_telephone=numero_telephone)
    if user is None or not user.is_active:
        raise ApplicationError(MSG_CODE_INVALID, code="otp_invalid", status_code=400)

    def set_password(locked_user: User) -> None:
        locked_user.set_password(mot_de_passe)
        locked_user.save(update_fields=["password", "date_modification"])
        user_sessions_end_all(user=locked_user)

    _raise_for(
        _code_consume(user=user, purpose=OneTimeCode.Purpose.RESET_PASSWORD, code=otp_code, on_accept=set_password)
    )


# --- Profile -----------------------------------------------------------------------------------

PROFILE_FIELDS = (
    "prenom",
    "nom",
    "numero_telephone",
    "whatsapp",
    "adresse",
    "nom_entreprise",
    "secteur_activite",
    "pays",
)


def user_profile_update(*, user: User, photo_profil=None, remove_photo: bool = False, **fields) -> User:
    """Change the profile fields the owner may change; anything else is refused by the caller."""
    clean_photo = profile_photo_clean(photo_profil) if photo_profil is not None else None
    with transaction.atomic():
        for name, value in fields.items():
            if name not in PROFILE_FIELDS:
                raise ValueError(f"{name} is not a profile field")
            setattr(user, name, value)
        old = user.photo_profil.name if user.photo_profil else ""
        if clean_photo is not None:
            user.photo_profil.save(clean_photo.name, clean_photo, save=False)
        elif remove_photo:
            user.photo_profil = ""
        user.save()
        if old and (clean_photo is not None or remove_photo):
            storage = user.photo_profil.storage
            transaction.on_commit(lambda: storage.delete(old))
    return user
