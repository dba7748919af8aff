"""The assistant engine: pure Python (no Django models, no I/O).

    knowledge = Knowledge.from_document(document)      # once per shop version
    turn = respond(knowledge=knowledge, state=state, text="…", now=aware_datetime)

Stages, each in its own module and separately tested: text (normalise) → language → entities →
intents → policy (dialogue and cart) → replies (templates filled with the shop's data).
"""

from .intents import INTENTS
from .knowledge import PICKUP, Knowledge
from .policy import OrderDraft, Reply, Turn, new_state, respond

__all__ = ["INTENTS", "PICKUP", "Knowledge", "OrderDraft", "Reply", "Turn", "new_state", "respond"]
