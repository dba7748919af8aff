"""Writes for the assistant: one customer turn through the engine with its stored state.

The state is read with SELECT … FOR UPDATE inside the transaction, so two messages of the same
conversation processed at once run one after the other and neither loses the other's cart.
"""

from datetime import datetime

from django.db import transaction

from .engine import Knowledge, Turn, respond
from .models import AssistantSession


@transaction.atomic
def assistant_session_turn(*, key: str, knowledge: Knowledge, text: str, now: datetime) -> Turn:
    """Runs the engine on ``text`` for the session ``key`` (created on first use) and stores the new state."""
    session, _ = AssistantSession.objects.get_or_create(key=key, defaults={"state": {}})
    session = AssistantSession.objects.select_for_update().get(pk=session.pk)
    turn = respond(knowledge=knowledge, state=session.state or None, text=text, now=now)
    session.state = turn.state
    session.save(update_fields=["state", "updated_at"])
    return turn


@transaction.atomic
def assistant_session_reset(*, key: str) -> None:
    """Forgets the session (cart, language, handoff flag): the next message starts afresh."""
    AssistantSession.objects.filter(key=key).delete()
