"""Writes of the payments app.

The loop for an order paid by mobile money:

1. ``payment_request_for_order`` (inside the transaction that records the confirmed order): when a
   provider of the shop collects the order's method, the order goes ``awaiting_payment`` and a
   ``Payment`` is recorded; its link is made and sent after the commit (``payment_link_send``).
2. ``payment_link_send`` asks the provider for a link and sends it on WhatsApp (a URL button). A
   provider that does not answer fails the payment, and the customer is told to write « payer »
   later or to pay cash; the order stays.
3. A notification (``payment_notification_receive``) is only believed once signed AND confirmed by
   the provider's own status (``payment_check``); the payment row is locked while the answer is
   applied, so three copies of one notification mark the order ``paid`` once
   (``orders.services.order_transition``, which tells the customer « Paiement reçu »).
4. ``payments_expire`` (beat): a link unpaid after ``PAYMENT_LINK_MINUTES`` is checked with the
   provider, then replaced by a fresh one once (a reminder), then the order is cancelled.

Owners pay their plan the same way through the platform's own account (``subscription_payment_start``):
the plan changes through ``subscriptions.services.user_plan_set`` only once the provider confirms.
"""

import json
import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from conversations.core import send_link, send_text
from core import texts
from core.exceptions import ApplicationError
from core.money import format_fcfa
from core.tasks import enqueue_on_commit, send_email
from integrations.crypto import encrypt_token
from orders.models import Actor, Order, OrderStatus, PaymentMethod
from orders.notifications import customer_language
from orders.services import order_cancel, order_transition

from .models import Payment, PaymentAccount, PaymentStatus, Provider, Purpose
from .providers import LinkRequest, NotificationRejected, ProviderError, ProviderStatus
from .selectors import (
    payment_for_notification,
    payment_provider_code_for,
    platform_provider,
    provider_for_payment,
)

logger = logging.getLogger("flux.payments")

MSG_FIELD_REQUIRED = "Ce champ est requis."
MSG_PLATFORM_OFF = (
    "Le paiement en ligne des abonnements n'est pas encore disponible. Contactez-nous pour changer de plan."
)
MSG_PLAN_NOT_PAYABLE = "Ce plan ne se paie pas en ligne : « {plan} »."
MSG_PLAN_ALREADY = "Vous êtes déjà sur le plan {plan}."
MSG_PROVIDER_DOWN_OWNER = "Le service de paiement ne répond pas. Réessayez dans quelques minutes."
MSG_CANCEL_UNPAID = "paiement non reçu dans les délais"
# The customer's texts are the catalogue's (core.texts): "payment.link", "payment.reminder"…
RECEIPT_SUBJECT = "Reçu de paiement Flux IA — {plan}"
RECEIPT_TEXT = (
    "Bonjour {prenom},\n\n"
    "Nous avons bien reçu votre paiement de {amount} pour le plan {plan} (référence {reference}, le {date}).\n"
    "Votre plan est actif dès maintenant.\n\n"
    "Merci de votre confiance.\n\n— Flux IA"
)


def _reference() -> str:
    return "FLX" + secrets.token_hex(8).upper()


def _notify_url(provider: str) -> str:
    return f"{settings.PAYMENT_NOTIFY_BASE_URL.rstrip('/')}/api/v1/payments/notify/{provider}"


def _ttl() -> timedelta:
    return timedelta(minutes=settings.PAYMENT_LINK_MINUTES)


# --- credentials ---------------------------------------------------------------------------------

REQUIRED = {
    Provider.CINETPAY: ("api_key", "site_id", "secret_key"),
    Provider.WAVE: ("api_key", "webhook_secret"),
}


@transaction.atomic
def payment_account_set(*, user, provider: str, values: dict) -> PaymentAccount:
    """Store (or replace) the account's merchant credentials for ``provider``, secrets encrypted."""
    provider = Provider(provider)
    cleaned = {name: str(values.get(name) or "").strip() for name in REQUIRED[provider]}
    missing = {name: [MSG_FIELD_REQUIRED] for name, value in cleaned.items() if not value}
    if missing:
        raise ApplicationError(MSG_FIELD_REQUIRED, code="validation_error", errors=missing)
    site_id = cleaned.pop("site_id", "")
    account, _ = PaymentAccount.objects.select_for_update().get_or_create(
        owner=user, provider=provider, defaults={"secrets_ciphertext": ""}
    )
    account.site_id = site_id
    account.secrets_ciphertext = encrypt_token(json.dumps(cleaned))
    account.save()
    return account


def payment_account_delete(*, user, provider: str) -> None:
    PaymentAccount.objects.filter(owner=user, provider=Provider(provider)).delete()


# --- an order's link -------------------------------------------------------------------------------


def payment_request_for_order(*, order: Order, language: str = "") -> Payment | None:
    """Call inside the transaction that records the order. When one of the shop's providers collects
    the order's method: the order awaits its payment and its link is made and sent after the commit.
    Returns the payment, or None (cash, or no provider for that method: the order is left as it is)."""
    provider = payment_provider_code_for(user=order.owner, method=order.payment_method)
    if provider is None or order.status != OrderStatus.CONFIRMED:
        return None
    existing = Payment.objects.filter(order=order).first()
    if existing is not None:
        return existing
    order_transition(order=order, to=OrderStatus.AWAITING_PAYMENT, by=Actor.SYSTEM, note="Lien de paiement demandé")
    payment = _payment_for_order(order=order, provider=provider, language=language)
    _link_send_after_commit(payment, kind="link")
    return payment


# The assistant's confirmation (« … un lien … envoyé dès la confirmation ») is sent by the channel
# after the turn commits; the link task waits this long so it lands after it (a broker honours it;
# in-process tasks run at once).
LINK_AFTER_SECONDS = 3


def _link_send_after_commit(payment: Payment, *, kind: str) -> None:
    from .tasks import payment_link_send_task

    payment_id = payment.pk

    def enqueue():
        try:
            payment_link_send_task.apply_async(
                kwargs={"payment_id": payment_id, "kind": kind}, countdown=LINK_AFTER_SECONDS
            )
        except Exception:
            # In-process mode runs the task here: its failure is logged, the order is already safe.
            logger.exception("Sending the link of payment %s failed", payment_id)

    transaction.on_commit(enqueue)


def _payment_for_order(*, order: Order, provider: str, language: str = "") -> Payment:
    charged = order.total
    if provider == Provider.CINETPAY:
        from .providers import round_up_to_5

        charged = round_up_to_5(order.total)
    return Payment.objects.create(
        owner_id=order.owner_id,
        purpose=Purpose.ORDER,
        order=order,
        provider=provider,
        method=order.payment_method,
        language="en" if language == "en" else "fr" if language else customer_language(order),
        reference=_reference(),
        amount_requested=order.total,
        amount_charged=charged,
        expires_at=timezone.now() + _ttl(),
    )


def _customer_text(payment: Payment, key: str) -> tuple[str, str]:
    order = payment.order
    language = texts.language_of(payment.language)
    method = PaymentMethod(payment.method).label if payment.method in PaymentMethod.values else payment.method
    text = texts.text(
        f"payment.{key}",
        language,
        reference=order.reference,
        amount=format_fcfa(payment.amount_charged),
        method=method,
        minutes=settings.PAYMENT_LINK_MINUTES,
    )
    return text, language


def _contact(order: Order):
    if order.contact_id:
        return order.contact
    return None


def _tell_customer(payment: Payment, key: str, *, with_link: bool) -> bool:
    """Send the customer the catalogue's ``payment.<key>`` (with the link as a URL button when ``with_link``)."""
    contact = _contact(payment.order)
    if contact is None:
        return False
    text, language = _customer_text(payment, key)
    if with_link:
        button = texts.text("payment.button", language)
        sent = send_link(contact=contact, text=text, url=payment.payment_url, button=button)
    else:
        sent = send_text(contact=contact, text=text)
    return sent is not None


def _link_request(payment: Payment) -> LinkRequest:
    if payment.purpose == Purpose.ORDER:
        order = payment.order
        return LinkRequest(
            reference=payment.reference,
            amount=payment.amount_requested,
            description=f"Commande {order.reference}",
            notify_url=_notify_url(payment.provider),
            return_url=settings.FRONTEND_URL.rstrip("/") + "/",
            customer_name=order.customer_name,
            customer_phone=order.customer_phone,
        )
    return LinkRequest(
        reference=payment.reference,
        amount=payment.amount_requested,
        description=f"Flux IA — plan {payment.plan_code}",
        notify_url=_notify_url(payment.provider),
        return_url=settings.FRONTEND_URL.rstrip("/") + "/dashboard/abonnement?paiement=retour",
        customer_name=f"{payment.owner.prenom} {payment.owner.nom}".strip(),
        customer_phone=str(payment.owner.numero_telephone or ""),
    )


def _initiate(payment: Payment) -> Payment:
    """Ask the provider for the link; ProviderError marks the payment failed and is raised again."""
    provider = provider_for_payment(payment)
    if provider is None:
        error = ProviderError("provider credentials removed")
    else:
        try:
            provider_ref, url = provider.initiate(_link_request(payment))
        except ProviderError as exc:
            error = exc
        else:
            Payment.objects.filter(pk=payment.pk).update(
                provider_ref=provider_ref, payment_url=url, updated_at=timezone.now()
            )
            payment.provider_ref, payment.payment_url = provider_ref, url
            return payment
    logger.warning("Payment %s could not be initiated: %s", payment.reference, error)
    Payment.objects.filter(pk=payment.pk, status=PaymentStatus.PENDING).update(
        status=PaymentStatus.FAILED, error=str(error)[:300], updated_at=timezone.now()
    )
    payment.status, payment.error = PaymentStatus.FAILED, str(error)[:300]
    raise error


def payment_link_send(*, payment_id: int, kind: str = "link") -> str:
    """Make the payment's link (once) and send it to the customer; returns what happened.

    Safe to run again: a link already made is reused and a link already sent is not sent twice.
    """
    payment = (
        Payment.objects.select_related("order", "order__contact", "order__conversation").filter(pk=payment_id).first()
    )
    if payment is None or payment.status != PaymentStatus.PENDING:
        return "nothing to send"
    if payment.link_sent_at is not None:
        return "already sent"
    if not payment.payment_url:
        try:
            _initiate(payment)
        except ProviderError:
            _tell_customer(payment, "provider_down", with_link=False)
            return "provider down"
    if _tell_customer(payment, kind, with_link=True):
        Payment.objects.filter(pk=payment.pk).update(link_sent_at=timezone.now())
        return "sent"
    return "not sent"


def payment_retry_for_order(*, order: Order, language: str = "") -> Payment | None:
    """The customer asks for the link again (« payer »): a fresh link when the order still awaits its
    payment and its last link failed or expired. Returns the new payment, or None."""
    if order.status != OrderStatus.AWAITING_PAYMENT:
        return None
    last = Payment.objects.filter(order=order).order_by("-id").first()
    if last is None or last.status == PaymentStatus.SUCCEEDED:
        return None
    if last.status == PaymentStatus.PENDING and not last.payment_url:
        return last  # its link is being made and will be sent
    if last.status == PaymentStatus.PENDING:
        Payment.objects.filter(pk=last.pk).update(link_sent_at=None)
        payment = last
    else:
        provider = payment_provider_code_for(user=order.owner, method=order.payment_method)
        if provider is None:
            return None
        payment = _payment_for_order(order=order, provider=provider, language=language or last.language)
    _link_send_after_commit(payment, kind="link")
    return payment


# --- notifications and status ------------------------------------------------------------------------


def payment_notification_receive(*, provider: str, request) -> Payment:
    """A provider's notification: find the payment it names, check the provider signed it with
    that payment's key (NotificationRejected otherwise: nothing changes), then ask the provider for
    the status (``payment_check``). ProviderError when the status check cannot be made."""
    from .providers import PROVIDER_CLASSES

    reference = PROVIDER_CLASSES[provider].notification_reference(request)
    payment = payment_for_notification(provider=provider, reference=reference)
    if payment is None:
        raise NotificationRejected("unknown transaction")
    client = provider_for_payment(payment)
    if client is None:
        raise NotificationRejected("no credentials for this payment")
    client.verify_notification(request)
    return payment_check(payment=payment)


def payment_check(*, payment: Payment) -> Payment:
    """Ask the provider for the payment's status and apply it (idempotent)."""
    if payment.status == PaymentStatus.SUCCEEDED:
        return payment  # a late copy of a notification: nothing to ask
    client = provider_for_payment(payment)
    if client is None or not payment.provider_ref:
        return payment
    status = client.fetch_status(payment.provider_ref)
    return payment_status_apply(payment_id=payment.pk, status=status)


@transaction.atomic
def payment_status_apply(*, payment_id: int, status: ProviderStatus) -> Payment:
    """Apply a status the provider gave, under the payment's row lock: a success is applied once."""
    payment = Payment.objects.select_for_update().get(pk=payment_id)
    if payment.status == PaymentStatus.SUCCEEDED:
        return payment
    if status.succeeded:
        collected = status.amount if status.amount is not None else payment.amount_charged
        if collected < payment.amount_requested:
            payment.status, payment.error = PaymentStatus.FAILED, f"montant encaissé {collected} < demandé"
            payment.amount_collected = collected
            payment.save(update_fields=["status", "error", "amount_collected", "updated_at"])
            logger.warning("Payment %s collected less than requested", payment.reference)
            return payment
        payment.status, payment.amount_collected, payment.paid_at = PaymentStatus.SUCCEEDED, collected, timezone.now()
        payment.error = ""
        payment.save(update_fields=["status", "amount_collected", "paid_at", "error", "updated_at"])
        if payment.purpose == Purpose.ORDER:
            _order_paid(payment)
        else:
            _plan_paid(payment)
        return payment
    if status.failed and payment.status == PaymentStatus.PENDING:
        payment.status, payment.error = PaymentStatus.FAILED, f"refusé par le prestataire ({status.raw_status})"[:300]
        payment.save(update_fields=["status", "error", "updated_at"])
    return payment


def _order_paid(payment: Payment) -> None:
    order = payment.order
    method = PaymentMethod(payment.method).label if payment.method in PaymentMethod.values else payment.method
    note = (
        f"Paiement reçu : {format_fcfa(payment.amount_collected)} par {method} "
        f"({Provider(payment.provider).label}, réf. {payment.reference})"
    )
    try:
        order_transition(order=order, to=OrderStatus.PAID, by=Actor.SYSTEM, note=note)
    except ApplicationError as exc:
        # Paid after the order was cancelled (or paid twice through two links): the money is kept on
        # the payment row for the owner to refund; the order's history is not rewritten.
        Payment.objects.filter(pk=payment.pk).update(error=f"payé mais commande non modifiable : {exc.message}"[:300])
        logger.warning("Payment %s received for order %s that cannot become paid", payment.reference, order.reference)


def _plan_paid(payment: Payment) -> None:
    from subscriptions.models import PlanChange
    from subscriptions.selectors import plan_get
    from subscriptions.services import user_plan_set

    user = payment.owner
    user_plan_set(user=user, plan_code=payment.plan_code, status="actif", source=PlanChange.Source.PAYMENT)
    if user.adresse_email:
        plan = plan_get(payment.plan_code)
        text = RECEIPT_TEXT.format(
            prenom=user.prenom or "",
            amount=format_fcfa(payment.amount_collected),
            plan=plan.name if plan else payment.plan_code,
            reference=payment.reference,
            date=timezone.localtime(payment.paid_at).strftime("%d/%m/%Y %H:%M"),
        )
        subject = RECEIPT_SUBJECT.format(plan=plan.name if plan else payment.plan_code)
        enqueue_on_commit(send_email, subject=subject, to=[user.adresse_email], text=text)


# --- expiry ---------------------------------------------------------------------------------------------


def payments_expire(*, now=None) -> int:
    """Links unpaid after their time: ask the provider first (a payment may have been missed), then
    send one fresh link as a reminder, and cancel the order when the reminder expires too. Returns
    how many payments were handled."""
    now = now or timezone.now()
    due = list(
        Payment.objects.filter(status=PaymentStatus.PENDING, expires_at__lt=now)
        .exclude(payment_url="")
        .values_list("pk", flat=True)
    )
    for payment_id in due:
        try:
            payment_expire_one(payment_id=payment_id)
        except ProviderError as exc:
            logger.warning("Expiry of payment %s postponed: %s", payment_id, exc)
    return len(due)


def payment_expire_one(*, payment_id: int) -> str:
    payment = Payment.objects.select_related("order").get(pk=payment_id)
    payment = payment_check(payment=payment)  # ProviderError: try again on the next sweep
    if payment.status != PaymentStatus.PENDING:
        return payment.status
    with transaction.atomic():
        locked = Payment.objects.select_for_update().get(pk=payment_id)
        if locked.status != PaymentStatus.PENDING:
            return locked.status
        locked.status, locked.error = PaymentStatus.EXPIRED, "lien expiré sans paiement"
        locked.save(update_fields=["status", "error", "updated_at"])
        if locked.purpose != Purpose.ORDER:
            return "expired"
        order = Order.objects.get(pk=locked.order_id)
        if order.status != OrderStatus.AWAITING_PAYMENT:
            return "expired"
        if Payment.objects.filter(order=order).count() < 2:
            reminder = _payment_for_order(order=order, provider=locked.provider, language=locked.language)
            _link_send_after_commit(reminder, kind="reminder")
            return "reminded"
        order_cancel(order=order, reason=MSG_CANCEL_UNPAID, by=Actor.SYSTEM)
        return "cancelled"


# --- owners paying their plan ---------------------------------------------------------------------------


def subscription_payment_start(*, user, plan_code: str) -> Payment:
    """« Passer à Pro »: a payment link on the platform's own provider account for one month of
    ``plan_code``. The plan changes only when the provider confirms (``payment_status_apply``)."""
    from subscriptions.selectors import plan_for, plan_get

    plan = plan_get(plan_code)
    if plan is None or plan.is_on_quote or not plan.price_fcfa:
        message = MSG_PLAN_NOT_PAYABLE.format(plan=plan_code)
        raise ApplicationError(message, code="plan_not_payable", errors={"plan": [message]})
    if plan_for(user).code == plan.code and user.statut_abonnement == "actif":
        raise ApplicationError(MSG_PLAN_ALREADY.format(plan=plan.name), code="plan_already")
    client = platform_provider()
    if client is None:
        raise ApplicationError(MSG_PLATFORM_OFF, code="payments_unavailable", status_code=503)
    payment = Payment.objects.create(
        owner=user,
        purpose=Purpose.SUBSCRIPTION,
        plan_code=plan.code,
        provider=client.code,
        platform=True,
        reference=_reference(),
        amount_requested=plan.price_fcfa,
        amount_charged=client.charged(plan.price_fcfa),
        expires_at=timezone.now() + _ttl(),
    )
    try:
        return _initiate(payment)
    except ProviderError:
        raise ApplicationError(MSG_PROVIDER_DOWN_OWNER, code="payment_provider_unavailable", status_code=503) from None
