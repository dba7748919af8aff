"""Reads of the payments app: which provider collects which method for an account, and the
provider object (with decrypted secrets) for a payment."""

import json

from django.conf import settings

from integrations.crypto import decrypt_token

from .models import PROVIDER_METHODS, Payment, PaymentAccount, Provider
from .providers import PROVIDER_CLASSES, PaymentProvider


def payment_accounts_status(*, user) -> dict:
    """The « Ma boutique » section: which providers are configured (booleans only, never a secret)
    and which payment codes they collect."""
    configured = set(PaymentAccount.objects.filter(owner=user).values_list("provider", flat=True))
    return {
        "cinetpay": {"configured": Provider.CINETPAY in configured},
        "wave": {"configured": Provider.WAVE in configured},
        "covered_methods": sorted(payment_methods_covered(user=user, configured=configured)),
    }


def payment_methods_covered(*, user, configured: set[str] | None = None) -> set[str]:
    """The shop's payment codes a configured provider can collect with a link."""
    if configured is None:
        configured = set(PaymentAccount.objects.filter(owner=user).values_list("provider", flat=True))
    return {method for provider in configured for method in PROVIDER_METHODS[Provider(provider)]}


def payment_provider_code_for(*, user, method: str) -> str | None:
    """Which of the account's providers collects ``method``: Wave's own checkout for Wave when
    configured (no aggregator fee), CinetPay for the other wallets; None when none does."""
    configured = set(PaymentAccount.objects.filter(owner=user).values_list("provider", flat=True))
    if method == "wave" and Provider.WAVE in configured:
        return Provider.WAVE
    if Provider.CINETPAY in configured and method in PROVIDER_METHODS[Provider.CINETPAY]:
        return Provider.CINETPAY
    return None


def _account_provider(*, user_id: int, provider: str) -> PaymentProvider | None:
    account = PaymentAccount.objects.filter(owner_id=user_id, provider=provider).first()
    if account is None:
        return None
    secrets = json.loads(decrypt_token(account.secrets_ciphertext))
    if provider == Provider.CINETPAY:
        return PROVIDER_CLASSES[provider](site_id=account.site_id, **secrets)
    return PROVIDER_CLASSES[provider](**secrets)


def platform_provider(provider: str | None = None) -> PaymentProvider | None:
    """Flux IA's own account (settings), for owners paying their plan; None when switched off."""
    provider = provider or settings.PLATFORM_PAYMENT_PROVIDER
    if provider == Provider.CINETPAY and settings.PLATFORM_CINETPAY_API_KEY:
        return PROVIDER_CLASSES[provider](
            api_key=settings.PLATFORM_CINETPAY_API_KEY,
            site_id=settings.PLATFORM_CINETPAY_SITE_ID,
            secret_key=settings.PLATFORM_CINETPAY_SECRET_KEY,
        )
    if provider == Provider.WAVE and settings.PLATFORM_WAVE_API_KEY:
        return PROVIDER_CLASSES[provider](
            api_key=settings.PLATFORM_WAVE_API_KEY, webhook_secret=settings.PLATFORM_WAVE_WEBHOOK_SECRET
        )
    return None


def provider_for_payment(payment: Payment) -> PaymentProvider | None:
    if payment.platform:
        return platform_provider(payment.provider)
    return _account_provider(user_id=payment.owner_id, provider=payment.provider)


def payment_for_notification(*, provider: str, reference: str) -> Payment | None:
    """The payment a notification names: CinetPay names our transaction id, Wave its session id."""
    if not reference:
        return None
    field = "reference" if provider == Provider.CINETPAY else "provider_ref"
    return Payment.objects.filter(provider=provider, **{field: reference}).first()
