"""Writes for the assistant: one customer turn through the engine with its stored state, and the
glue that makes a turn count (the WhatsApp responder and the owner's test panel).

The state is read with SELECT … FOR UPDATE inside the transaction, so two messages of the same
conversation processed at once run one after the other and neither loses the other's cart. The
engine's answer to an input is kept with the state: asked again for the same input (a task run
again after a worker died), the session gives the same answer instead of moving one step further.
"""

import re
from dataclasses import asdict
from dataclasses import replace as dataclass_replace
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from conversations.models import Conversation, ConversationMode, Intent, Message, MessageKind, QuestionCategory, Sender
from conversations.replies import OutboundReply
from conversations.services import conversation_mode_set
from core import texts
from core.exceptions import ApplicationError
from core.phone import phone_display
from core.tasks import enqueue_on_commit, send_email
from orders.services import order_create_from_draft
from payments.services import payment_request_for_order, payment_retry_for_order
from preferences.services import preferences_get_or_create
from shop.selectors import shop_knowledge_for_assistant

from .engine import Knowledge, Reply, Turn, respond
from .llm import LLMOutcome, llm_configured, llm_polish
from .models import AssistantSession, AssistantSettings, LLMUsage
from .selectors import knowledge_for
from .stt import TranscriptStatus

# What the statistics' « précision par catégorie » groups the intents into.
INTENT_CATEGORY = {
    Intent.PRICE: QuestionCategory.PRIX,
    Intent.ORDER: QuestionCategory.PRODUITS,
    Intent.AVAILABILITY: QuestionCategory.PRODUITS,
    Intent.DELIVERY_ZONE_FEE: QuestionCategory.LIVRAISON,
    Intent.DELIVERY_TIME: QuestionCategory.LIVRAISON,
    Intent.PAYMENT: QuestionCategory.PAIEMENT,
    Intent.HOURS: QuestionCategory.HORAIRES,
}

# Messages the engine cannot read (voice notes, pictures, stickers…): one short, honest answer.
UNREADABLE_KINDS = {
    MessageKind.IMAGE,
    MessageKind.AUDIO,
    MessageKind.VIDEO,
    MessageKind.DOCUMENT,
    MessageKind.STICKER,
    MessageKind.CONTACTS,
    MessageKind.UNKNOWN,
}
MSG_LLM_UNAVAILABLE = "Aucun modèle de langage n'est configuré sur la plateforme : l'assistant intégré répond seul."

# The fixed answers are the catalogue's (core.texts, "assistant.*"), by language.
MSG_UNREADABLE = texts.by_language("assistant.unreadable")
# A voice note the provider could not hear (unclear, empty, failed, too long or too large).
MSG_NOT_HEARD = texts.by_language("assistant.not_heard")
# A customer's photo without a caption: which product is it (no handoff, the engine takes the name).
MSG_PHOTO_RECEIVED = texts.by_language("assistant.photo_received")
MSG_LOCATION = texts.by_language("assistant.location")

HANDOFF_SUBJECT = "Un client vous attend sur WhatsApp"
HANDOFF_TEXT = (
    "Bonjour {prenom},\n\n"
    "{customer} ({number}) a besoin d'une personne dans votre conversation WhatsApp :\n"
    "« {content} »\n\n"
    "L'assistant s'est mis en pause dans cette conversation. Répondez depuis Conversations IA :\n"
    "{url}\n\n"
    "Quand vous avez terminé, cliquez sur « Rendre à l'IA ».\n\n"
    "— Flux IA"
)


def session_key_for_conversation(conversation) -> str:
    return f"conversation:{conversation.pk}"


def session_key_for_try(*, user, session: str) -> str:
    return f"try:{user.pk}:{session}"


def _turn_to_json(turn: Turn) -> dict:
    return {
        "intent": turn.intent,
        "language": turn.language,
        "reply_language": turn.reply_language,
        "replies": [
            {"text": reply.text, "buttons": list(reply.buttons), "photo": getattr(reply, "photo", "")}
            for reply in turn.replies
        ],
        "handoff": turn.handoff,
    }


def _turn_from_json(data: dict, state: dict) -> Turn:
    replies = [
        Reply(
            text=reply["text"],
            buttons=tuple(reply["buttons"]),
            **({"photo": reply["photo"]} if reply.get("photo") else {}),
        )
        for reply in data.get("replies", [])
    ]
    return Turn(
        intent=data.get("intent", ""),
        language=data.get("language", "fr"),
        reply_language=data.get("reply_language", "fr"),
        replies=replies,
        state=state,
        handoff=data.get("handoff", False),
        order=None,  # the order was created when the turn first ran
    )


@transaction.atomic
def assistant_session_turn(
    *, key: str, knowledge: Knowledge, text: str, now: datetime, input_key: str = "", resume: bool = False
) -> Turn:
    """Runs the engine on ``text`` for the session ``key`` (created on first use) and stores the new state.

    ``input_key`` names the input (e.g. the customer message's id): the same key again returns the
    stored answer, with ``order`` None, and leaves the state alone. ``resume`` ends a handoff kept in
    the state (the owner handed the conversation back): the session starts afresh.
    """
    session, _ = AssistantSession.objects.get_or_create(key=key, defaults={"state": {}})
    session = AssistantSession.objects.select_for_update().get(pk=session.pk)
    if input_key and session.last_input == input_key:
        return _turn_from_json(session.last_turn, session.state)
    state = session.state or None
    if resume and state and state.get("handoff"):
        state = None
    turn = respond(knowledge=knowledge, state=state, text=text, now=now)
    session.state = turn.state
    session.last_input = input_key
    session.last_turn = _turn_to_json(turn)
    session.save(update_fields=["state", "last_input", "last_turn", "updated_at"])
    return turn


@transaction.atomic
def assistant_session_reset(*, key: str) -> None:
    """Forgets the session (cart, language, handoff flag): the next message starts afresh."""
    AssistantSession.objects.filter(key=key).delete()


def _draft_with_key(turn: Turn, key: str) -> dict:
    return {**asdict(turn.order), "key": key}


def _handoff_alert(*, conversation, message) -> None:
    """The owner hears that a customer waits for a person: by e-mail, when their AI alerts are on."""
    owner = conversation.owner
    if not owner.adresse_email or not preferences_get_or_create(user=owner).ai_alerts:
        return
    text = HANDOFF_TEXT.format(
        prenom=owner.prenom or "",
        customer=conversation.contact.name,
        number=phone_display(conversation.contact.whatsapp_number),
        content=" ".join(message.content.split())[:300],
        url=f"{settings.FRONTEND_URL.rstrip('/')}/dashboard/conversations?conversation={conversation.pk}",
    )
    enqueue_on_commit(send_email, subject=HANDOFF_SUBJECT, to=[owner.adresse_email], text=text)


# A photo or a video may carry the customer's words ("c'est combien ?" under a picture): the channel
# stores them after the placeholder, « [Image] c'est combien ? ».
CAPTIONED_KINDS = {MessageKind.IMAGE, MessageKind.VIDEO}
PLACEHOLDER = re.compile(r"^\[[^\]]*\]\s*")


def _caption(message: Message) -> str:
    if message.kind not in CAPTIONED_KINDS:
        return ""
    return PLACEHOLDER.sub("", message.content or "", count=1).strip()


def _fixed_answer(*, conversation, message, key: str) -> list[OutboundReply]:
    """The catalogue's text ``key`` in the session's language (French by default)."""
    session = AssistantSession.objects.filter(key=session_key_for_conversation(conversation)).first()
    language = ((session.state or {}).get("language") if session else None) or "fr"
    return [OutboundReply(text=texts.text(key, language))]


# « payer » after a payment link failed or expired: the customer asks for the link again.
PAY_AGAIN_WORDS = frozenset({"payer", "lien", "lien de paiement", "renvoyer le lien", "pay", "payment link", "link"})


def _payment_link_again(*, conversation, message) -> list[OutboundReply] | None:
    """The replies when the customer asks for a payment link again and an order of this conversation
    still awaits its payment (a fresh link follows); None otherwise (the engine answers)."""
    from orders.models import Order, OrderStatus

    words = " ".join((message.content or "").lower().replace("«", "").replace("»", "").split()).strip(" .!?")
    if words not in PAY_AGAIN_WORDS:
        return None
    order = Order.objects.filter(conversation=conversation, status=OrderStatus.AWAITING_PAYMENT).order_by("-id").first()
    if order is None:
        return None
    language = "en" if words in {"pay", "payment link", "link"} else "fr"
    with transaction.atomic():
        if payment_retry_for_order(order=order, language=language) is None:
            return None
    return [OutboundReply(text=texts.text("assistant.pay_again", language, reference=order.reference))]


def assistant_answer(*, conversation, message: Message) -> list[OutboundReply]:
    """The WhatsApp responder (``settings.WHATSAPP_RESPONDER``): the replies to one customer message.

    Called by the channel only in ``ai`` mode. In one transaction it runs the engine, stores the
    intent on the message, records a confirmed order and, on a handoff, hands the conversation to
    the owner (mode ``human``, e-mail alert). The channel records the returned replies before
    sending them; a second call for the same message returns the same replies and creates nothing.
    """
    # The answer to « notez votre livraison de 1 à 5 » (aftersales), only while one is pending.
    from aftersales.services import rating_reply

    rated = rating_reply(conversation=conversation, message=message)
    if rated is not None:
        return rated
    text = message.content
    if message.kind == MessageKind.AUDIO and message.transcript_status:
        # A voice note the channel had transcribed (assistant.stt): heard, it is answered as typed.
        text = message.transcript.strip() if message.transcript_status == TranscriptStatus.OK else ""
        if not text:
            return _fixed_answer(conversation=conversation, message=message, key="assistant.not_heard")
    elif message.kind in UNREADABLE_KINDS:
        text = _caption(message)
        if not text and message.kind == MessageKind.IMAGE:
            return _fixed_answer(conversation=conversation, message=message, key="assistant.photo_received")
        if not text:
            return _fixed_answer(conversation=conversation, message=message, key="assistant.unreadable")
    if message.kind == MessageKind.LOCATION:
        return _fixed_answer(conversation=conversation, message=message, key="assistant.location")
    retried = _payment_link_again(conversation=conversation, message=message)
    if retried is not None:
        return retried
    knowledge = knowledge_for(shop_knowledge_for_assistant(user=conversation.owner))
    with transaction.atomic():
        turn = assistant_session_turn(
            key=session_key_for_conversation(conversation),
            knowledge=knowledge,
            text=text,
            now=timezone.now(),
            input_key=f"message:{message.pk}",
            resume=conversation.mode == ConversationMode.AI,
        )
        category = INTENT_CATEGORY.get(turn.intent, QuestionCategory.AUTRE)
        Message.objects.filter(pk=message.pk, sender=Sender.USER).update(intent=turn.intent, category=category)
        message.intent, message.category = turn.intent, category
        language = "en" if turn.reply_language == "en" else "fr"
        if conversation.language != language:
            # Order updates and payment messages sent later (outside this reply) speak the same language.
            Conversation.objects.filter(pk=conversation.pk).update(language=language)
            conversation.language = language
        if turn.order is not None:
            order = order_create_from_draft(
                user=conversation.owner, conversation=conversation, draft=_draft_with_key(turn, f"message:{message.pk}")
            )
            # Paid by a wallet one of the shop's providers collects: awaiting payment, link sent after the commit.
            payment_request_for_order(order=order, language=turn.reply_language)
        if turn.handoff and conversation.mode != ConversationMode.HUMAN:
            conversation_mode_set(conversation=conversation, mode=ConversationMode.HUMAN)
            _handoff_alert(conversation=conversation, message=message)
    if turn.topic == "order_status":
        status = _order_status_reply(conversation=conversation, language=turn.reply_language)
        if status is not None:
            return [status]  # facts from the order itself: nothing for a model to reword
    replies = turn.replies
    if assistant_llm_active(user=conversation.owner):
        outcome = llm_polish(
            knowledge=knowledge,
            turn=turn,
            history=_history(conversation=conversation, before=message),
            text=text,
        )
        llm_usage_record(user=conversation.owner, outcome=outcome)
        replies = outcome.replies
        if outcome.handoff_requested and conversation.mode != ConversationMode.HUMAN:
            # The model may ask for a person (never take one away): the engine's handoff path.
            conversation_mode_set(conversation=conversation, mode=ConversationMode.HUMAN)
            _handoff_alert(conversation=conversation, message=message)
    return [
        OutboundReply(text=reply.text, buttons=tuple(reply.buttons), photo=getattr(reply, "photo", ""))
        for reply in replies
    ]


ORDER_STATUS_DAYS = 14


def _order_status_reply(*, conversation, language: str) -> OutboundReply | None:
    """« Où en est ma commande ? »: the status of this conversation's latest order of the last two weeks
    (None when there is none: the engine's reply, the delivery times, goes out)."""
    from orders.models import Order
    from orders.notifications import order_status_text

    since = timezone.now() - timedelta(days=ORDER_STATUS_DAYS)
    recent = Order.objects.filter(conversation=conversation, created_at__gte=since)
    order = recent.order_by("-created_at", "-id").first()
    if order is None:
        return None
    return OutboundReply(text=order_status_text(order=order, language=language))


def _history(*, conversation, before: Message) -> list[tuple[str, str]]:
    """The conversation's last messages before ``before``, oldest first, for the model's context."""
    rows = list(
        Message.objects.filter(conversation=conversation, id__lt=before.pk)
        .order_by("-id")
        .values_list("sender", "content")[:6]
    )
    return [("user" if sender == Sender.USER else "assistant", content) for sender, content in reversed(rows)]


def assistant_llm_active(*, user) -> bool:
    """The language model writes this account's replies: the settings exist and the owner switched it on."""
    return llm_configured() and AssistantSettings.objects.filter(owner=user, llm_enabled=True).exists()


def assistant_llm_set(*, user, enabled: bool) -> AssistantSettings:
    """Switch the language model on or off for the account (on only when the platform has one)."""
    if enabled and not llm_configured():
        raise ApplicationError(MSG_LLM_UNAVAILABLE, code="llm_unavailable", status_code=400)
    assistant_settings, _ = AssistantSettings.objects.update_or_create(owner=user, defaults={"llm_enabled": enabled})
    return assistant_settings


def llm_usage_record(*, user, outcome: LLMOutcome) -> None:
    """Add one reply's cost to the account's counters of the day (one upsert-like update, no race)."""
    day = timezone.localdate()
    values = {
        "replies": 1,
        "calls": outcome.calls,
        "prompt_tokens": outcome.prompt_tokens,
        "completion_tokens": outcome.completion_tokens,
        "fallbacks": 1 if outcome.fallback else 0,
        "latency_ms": outcome.latency_ms,
    }
    LLMUsage.objects.get_or_create(owner=user, day=day)
    LLMUsage.objects.filter(owner=user, day=day).update(**{name: F(name) + value for name, value in values.items()})


def assistant_try(*, user, text: str, session: str) -> dict:
    """The owner's « Tester l'assistant » panel: the same engine on the owner's own shop, nothing sent
    on WhatsApp. A confirmed order is recorded like any other (source assistant, a test customer),
    so the owner sees the whole loop on the Commandes page."""
    knowledge = knowledge_for(shop_knowledge_for_assistant(user=user))
    key = session_key_for_try(user=user, session=session)
    with transaction.atomic():
        turn = assistant_session_turn(key=key, knowledge=knowledge, text=text, now=timezone.now())
        order = None
        if turn.order is not None:
            order = order_create_from_draft(
                user=user, conversation=None, draft=_draft_with_key(turn, f"{key}:{timezone.now().isoformat()}")
            )
    if assistant_llm_active(user=user):
        outcome = llm_polish(knowledge=knowledge, turn=turn, history=[], text=text)
        llm_usage_record(user=user, outcome=outcome)
        turn = dataclass_replace(turn, replies=outcome.replies)
    return {"turn": turn, "order": order}
