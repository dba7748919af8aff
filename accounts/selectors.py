"""Reads of the accounts app."""

from collections.abc import Callable
from datetime import datetime

from django.utils import timezone

from .constants import OTP_MAX_ATTEMPTS
from .models import OneTimeCode, User


def normalize_email(adresse_email: str) -> str:
    return (adresse_email or "").strip().lower()


def user_by_email(adresse_email: str) -> User | None:
    if not adresse_email:
        return None
    return User.objects.filter(adresse_email__iexact=normalize_email(adresse_email)).first()


def user_by_phone(numero_telephone: str) -> User | None:
    """The phone-only account (created by quick register) holding this number."""
    if not numero_telephone:
        return None
    return User.objects.filter(numero_telephone=numero_telephone, adresse_email__isnull=True).first()


def user_by_identifier(*, adresse_email: str = "", numero_telephone: str = "") -> User | None:
    return user_by_email(adresse_email) if adresse_email else user_by_phone(numero_telephone)


def one_time_code_alive(*, user: User, purpose: str) -> OneTimeCode | None:
    """The code of this purpose that can still be used, if any."""
    return (
        OneTimeCode.objects.filter(
            user=user,
            purpose=purpose,
            used_at__isnull=True,
            revoked_at__isnull=True,
            expires_at__gt=timezone.now(),
            attempts__lt=OTP_MAX_ATTEMPTS,
        )
        .order_by("-created_at", "-id")
        .first()
    )


def verification_code_expiry(*, user: User) -> datetime | None:
    """When the account's current verification code expires (None when it has no usable one)."""
    code = one_time_code_alive(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    return code.expires_at if code is not None else None


# Blocks other apps add to GET/PATCH /auth/me (subscriptions: ``account`` and ``permissions``). They
# register from their AppConfig.ready(), so accounts, which they build on, imports none of them.
_overview_blocks: dict[str, Callable[[User], dict]] = {}


def register_account_overview_block(name: str, provider: Callable[[User], dict]) -> None:
    _overview_blocks[name] = provider


def user_account_overview(user: User) -> dict:
    """GET/PATCH /auth/me's blocks besides ``user``, each from the app that registered it."""
    return {name: provider(user) for name, provider in _overview_blocks.items()}
