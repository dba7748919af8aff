"""Writes of the after-sales app: the tracking link of an order that leaves, the rating request an
hour after its delivery, and the customer's rating reply (caught before the assistant's engine).
"""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from conversations.core import send_template, send_text
from conversations.models import Conversation, ConversationMode, Intent, Message, MessageKind, Sender
from conversations.replies import OutboundReply
from conversations.services import conversation_mode_set, conversation_window_open
from core import texts
from core.phone import phone_display
from core.tasks import enqueue_on_commit, send_email
from core.tokens import new_token, token_hash
from orders.models import Order, OrderEvent, OrderStatus
from orders.notifications import customer_language
from preferences.services import preferences_get_or_create

from .models import AftersalesSettings, Rating, RatingRequest, RatingRequestStatus, TrackingLink
from .ratings import product_words_of, rating_parse

logger = logging.getLogger("flux.aftersales")

# --- tracking link ------------------------------------------------------------------------------

TRACKING_OPEN_DAYS = 3  # a link lives this long while the order is on its way…
TRACKING_AFTER_DAYS = 2  # …and this long once it is delivered (or cancelled)
TRACKING_PATH = "/suivi/"


def tracking_url(token: str) -> str:
    return f"{settings.FRONTEND_URL.rstrip('/')}{TRACKING_PATH}{token}"


def tracking_link_issue(*, order: Order, now: datetime | None = None) -> str:
    """Give ``order`` a new tracking link and return its token (only its SHA-256 is stored; a link
    issued before for this order stops working). Call inside the transaction that moves the order."""
    now = now or timezone.now()
    token = new_token()
    TrackingLink.objects.update_or_create(
        order=order,
        defaults={
            "token_hash": token_hash(token),
            "created_at": now,
            "expires_at": now + timedelta(days=TRACKING_OPEN_DAYS),
            "last_viewed_at": None,
        },
    )
    return token


def tracking_link_close(*, order: Order, now: datetime | None = None) -> None:
    """The order is delivered or cancelled: its link still shows it for ``TRACKING_AFTER_DAYS``, then expires."""
    now = now or timezone.now()
    TrackingLink.objects.filter(order=order, expires_at__gt=now + timedelta(days=TRACKING_AFTER_DAYS)).update(
        expires_at=now + timedelta(days=TRACKING_AFTER_DAYS)
    )


def tracking_link_viewed(*, link: TrackingLink, now: datetime) -> None:
    """Remember when the customer last looked (at most one write a minute per link)."""
    if link.last_viewed_at is None or now - link.last_viewed_at > timedelta(minutes=1):
        TrackingLink.objects.filter(pk=link.pk).update(last_viewed_at=now)


def aftersales_settings_update(*, user, show_driver_phone: bool) -> AftersalesSettings:
    """Switch the driver's phone on the customers' tracking pages on or off for the account."""
    row, _ = AftersalesSettings.objects.update_or_create(owner=user, defaults={"show_driver_phone": show_driver_phone})
    return row


# --- rating request -----------------------------------------------------------------------------

RATING_DELAY = timedelta(hours=1)  # asked an hour after the delivery
RATING_LOOKBACK = timedelta(hours=12)  # deliveries older than this when first seen are never asked
RATING_SEND_WINDOW = timedelta(hours=6)  # a request that could not leave by then is given up
RATING_ANSWER_WINDOW = timedelta(hours=24)  # a reply after this is an ordinary message
RATING_TEMPLATE = "avis_livraison"

NOTICE_NO_CONTACT = "aucun contact WhatsApp"
NOTICE_UNAVAILABLE = "envoi WhatsApp indisponible"
NOTICE_NO_TEMPLATE = f"fenêtre de 24 h fermée et aucun modèle « {RATING_TEMPLATE} » approuvé"
NOTICE_TEMPLATE = f"modèle « {RATING_TEMPLATE} » envoyé (fenêtre de 24 h fermée)"
NOTICE_SENT = "message envoyé"
NOTICE_GAVE_UP = "WhatsApp injoignable pendant 6 h : demande abandonnée"

# The customer's texts are the catalogue's (core.texts): "rating.request", "rating.thanks"…

ALERT_SUBJECT = "Un client n'est pas satisfait de sa livraison"
NUMBER_NONE = "sans numéro"  # a customer known by WhatsApp user id alone
ALERT_TEXT = (
    "Bonjour {prenom},\n\n"
    "{customer} ({number}) a noté la livraison de la commande {reference} {score}/5{driver} :\n"
    "« {comment} »\n\n"
    "L'assistant s'est mis en pause dans cette conversation. Répondez depuis Conversations IA :\n"
    "{url}\n\n"
    "Quand vous avez terminé, cliquez sur « Rendre à l'IA ».\n\n"
    "— Flux IA"
)


def _first_name(name: str) -> str:
    return (name or "").strip().split(" ")[0]


def _shop_name(owner) -> str:
    from shop.models import ShopProfile

    profile = ShopProfile.objects.filter(owner=owner).only("name").first()
    return (profile.name if profile and profile.name else "") or owner.nom_entreprise or "la boutique"


def _contact_of(order: Order):
    if order.contact_id:
        return order.contact
    if not order.customer_phone:  # a customer known by WhatsApp user id alone has no number to match
        return None
    from conversations.models import Contact

    return Contact.objects.filter(owner_id=order.owner_id, whatsapp_number=order.customer_phone).first()


def _delivered_at(order_id: int):
    event = OrderEvent.objects.filter(order_id=order_id, to_status=OrderStatus.DELIVERED).order_by("at").first()
    return event.at if event else None


def rating_requests_create(*, now: datetime) -> int:
    """One pending request per order delivered between 12 h and 1 h ago that has none yet (the unique
    order makes a second run, or two runs at once, create nothing more). Returns how many were made."""
    delivered = OrderEvent.objects.filter(
        to_status=OrderStatus.DELIVERED, at__lte=now - RATING_DELAY, at__gt=now - RATING_LOOKBACK
    ).values("order_id")
    asked = RatingRequest.objects.filter(order=OuterRef("pk"))
    orders = (
        Order.objects.filter(pk__in=delivered, status=OrderStatus.DELIVERED)
        .annotate(asked=Exists(asked))
        .filter(asked=False)
        .only("pk", "owner_id", "conversation_id")
    )
    rows = [
        RatingRequest(order_id=order.pk, owner_id=order.owner_id, conversation_id=order.conversation_id, created_at=now)
        for order in orders
    ]
    return len(RatingRequest.objects.bulk_create(rows, ignore_conflicts=True, batch_size=500))


def _template_for(*, order: Order):
    """The account's approved ``avis_livraison`` template, in the customer's language when it has one."""
    from core.exceptions import ApplicationError
    from integrations.services import whatsapp_templates_list

    try:
        templates = whatsapp_templates_list(user=order.owner)
    except ApplicationError:
        return None
    matching = [template for template in templates if template.get("name") == RATING_TEMPLATE]
    if not matching:
        return None
    language = customer_language(order)
    return next((t for t in matching if (t.get("language") or "").lower().startswith(language)), matching[0])


def rating_request_send(*, request: RatingRequest, now: datetime) -> str:
    """Send one pending request: a text inside the customer's 24 h window, else the approved
    ``avis_livraison`` template, else nothing (skipped). Returns the new status. A transient Graph
    error raises and leaves the request pending (the next run tries again)."""
    order = Order.objects.select_related("owner", "conversation", "contact").get(pk=request.order_id)
    contact = _contact_of(order)
    conversation = Conversation.objects.filter(contact=contact).first() if contact else None
    status, notice, message = RatingRequestStatus.SKIPPED, NOTICE_NO_CONTACT, None
    if conversation is not None:
        language = customer_language(order)
        text = texts.text("rating.request", language, name=_first_name(order.customer_name), reference=order.reference)
        if conversation_window_open(conversation, at=now):
            message = send_text(contact=contact, text=text)
            status, notice = (RatingRequestStatus.SENT, NOTICE_SENT) if message else (status, NOTICE_UNAVAILABLE)
        else:
            template = _template_for(order=order)
            if template is None:
                notice = NOTICE_NO_TEMPLATE
            else:
                parameters = [order.reference]
                if "{{2}}" in (template.get("body") or ""):
                    parameters.append(_first_name(order.customer_name) or "")
                message = send_template(
                    contact=contact,
                    name=template["name"],
                    language=template["language"],
                    parameters=parameters,
                    content=text,
                )
                status, notice = (
                    (RatingRequestStatus.TEMPLATE_SENT, NOTICE_TEMPLATE) if message else (status, NOTICE_UNAVAILABLE)
                )
    RatingRequest.objects.filter(pk=request.pk).update(
        status=status,
        notice=notice,
        conversation=conversation,
        sent_at=now if message else None,
        request_message=message,
    )
    return status


def rating_requests_send(*, now: datetime | None = None) -> dict[str, int]:
    """The periodic task's work: create the due requests, then send every pending one (each under a
    row lock taken with SKIP LOCKED, so two workers never send the same one). Returns counts by status."""
    now = now or timezone.now()
    rating_requests_create(now=now)
    counts: dict[str, int] = {}
    stale = RatingRequest.objects.filter(status=RatingRequestStatus.PENDING, created_at__lte=now - RATING_SEND_WINDOW)
    counts[RatingRequestStatus.FAILED] = stale.update(status=RatingRequestStatus.FAILED, notice=NOTICE_GAVE_UP)
    pending = list(
        RatingRequest.objects.filter(status=RatingRequestStatus.PENDING)
        .order_by("created_at", "id")
        .values_list("pk", flat=True)
    )
    for pk in pending:
        try:
            with transaction.atomic():
                request = (
                    RatingRequest.objects.select_for_update(skip_locked=True)
                    .filter(pk=pk, status=RatingRequestStatus.PENDING)
                    .first()
                )
                if request is None:
                    continue
                status = rating_request_send(request=request, now=now)
        except Exception:  # one customer's failure (Meta unreachable) never stops the others
            logger.warning("Rating request %s not sent this time", pk, exc_info=True)
            status = RatingRequestStatus.PENDING
        counts[status] = counts.get(status, 0) + 1
    return counts


# --- the customer's reply -----------------------------------------------------------------------


def _requests_of(*, conversation, message: Message, now: datetime) -> tuple[RatingRequest | None, RatingRequest | None]:
    """(the request ``message`` already answered, the request still pending) in one query. Pending:
    sent less than 24 h ago, unanswered, and still the last thing the shop said (a dialogue started
    since then owns the next « 2 »)."""
    waiting = Q(
        status__in=[RatingRequestStatus.SENT, RatingRequestStatus.TEMPLATE_SENT],
        sent_at__gt=now - RATING_ANSWER_WINDOW,
        answered_at__isnull=True,
    )
    rows = list(
        RatingRequest.objects.filter(conversation=conversation)
        .filter(waiting | Q(answer_message=message))
        .select_related("order__owner")
        .order_by("-sent_at", "-id")[:3]
    )
    answered = next((row for row in rows if row.answer_message_id == message.pk), None)
    pending = next((row for row in rows if row.answered_at is None), None)
    if pending is not None and pending.request_message_id is not None:
        spoken_since = Message.objects.filter(
            conversation=conversation, id__gt=pending.request_message_id, id__lt=message.pk
        ).exclude(sender=Sender.USER)
        if spoken_since.exists():
            pending = None
    return answered, pending


def _reply_text(*, rating: Rating, language: str, shop: str) -> str:
    if rating.handed_off:
        return texts.text("rating.sorry", language, shop=shop)
    key = "rating.thanks" if rating.score >= 4 else "rating.middle"
    return texts.text(key, language, score=rating.score, shop=shop)


def _alert_owner(*, conversation, order: Order, rating: Rating) -> None:
    """The owner hears of the unhappy customer by e-mail, when their AI alerts are on (the same
    switch as the assistant's other handoffs)."""
    owner = conversation.owner
    if not owner.adresse_email or not preferences_get_or_create(user=owner).ai_alerts:
        return
    driver = f" (livreur : {rating.driver.name})" if rating.driver_id else ""
    text = ALERT_TEXT.format(
        prenom=owner.prenom or "",
        customer=conversation.contact.name,
        number=phone_display(conversation.contact.whatsapp_number) or NUMBER_NONE,
        reference=order.reference,
        score=rating.score,
        driver=driver,
        comment=" ".join(rating.comment.split())[:300] or "sans commentaire",
        url=f"{settings.FRONTEND_URL.rstrip('/')}/dashboard/conversations?conversation={conversation.pk}",
    )
    enqueue_on_commit(send_email, subject=ALERT_SUBJECT, to=[owner.adresse_email], text=text)


def rating_reply(*, conversation, message: Message) -> list[OutboundReply] | None:
    """The replies when ``message`` answers the conversation's pending rating request, else None
    (the assistant answers as usual). Stores the rating (order, driver, score, word); a score of 2
    or less, or a complaint in the word, hands the conversation to the owner (mode ``human``, an
    e-mail alert) and apologises; otherwise thanks. Asked again for the same message, the same
    replies and nothing new."""
    if message.sender != Sender.USER or message.kind not in (MessageKind.TEXT, MessageKind.INTERACTIVE):
        return None
    now = timezone.now()
    answered, request = _requests_of(conversation=conversation, message=message, now=now)
    if answered is not None:
        rating = Rating.objects.filter(order_id=answered.order_id).first()
        if rating is None:
            return None
        order = answered.order
        return [
            OutboundReply(
                text=_reply_text(rating=rating, language=customer_language(order), shop=_shop_name(order.owner))
            )
        ]
    if request is None:
        return None
    from catalog.models import Product

    names = Product.objects.filter(owner_id=conversation.owner_id).values_list("name", flat=True)[:500]
    parsed = rating_parse(message.content or "", product_words=product_words_of(names))
    if parsed is None:
        return None
    with transaction.atomic():
        request = RatingRequest.objects.select_for_update().select_related("order__owner").get(pk=request.pk)
        if request.answered_at is not None:
            return None  # answered by another message at the same instant
        order = request.order
        delivery = getattr(order, "delivery", None)
        handoff = parsed.score <= 2 or parsed.complaint
        try:
            with transaction.atomic():
                rating = Rating.objects.create(
                    order=order,
                    owner_id=order.owner_id,
                    driver_id=delivery.driver_id if delivery else None,
                    score=parsed.score,
                    comment=parsed.comment,
                    complaint=parsed.complaint,
                    handed_off=handoff,
                    created_at=now,
                )
        except IntegrityError:
            return None  # already rated (a request of a reissued order): an ordinary message
        RatingRequest.objects.filter(pk=request.pk).update(answered_at=now, answer_message=message)
        Message.objects.filter(pk=message.pk).update(intent=Intent.COMPLAINT if handoff else Intent.THANKS_BYE)
        if handoff and conversation.mode != ConversationMode.HUMAN:
            conversation_mode_set(conversation=conversation, mode=ConversationMode.HUMAN)
            _alert_owner(conversation=conversation, order=order, rating=rating)
    language = customer_language(order)
    return [OutboundReply(text=_reply_text(rating=rating, language=language, shop=_shop_name(order.owner)))]
