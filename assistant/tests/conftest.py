import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from assistant.engine import Knowledge, respond

DATA = Path(__file__).parent / "data"
# A Wednesday at 10:00 in Abidjan (UTC+0): every test shop is open.
NOW = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)


def load_knowledge(name: str) -> Knowledge:
    return Knowledge.from_document(json.loads((DATA / name / "business.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def grocery():
    return load_knowledge("dev")


@pytest.fixture(scope="session")
def maquis():
    return load_knowledge("maquis")


@pytest.fixture(scope="session")
def phones():
    return load_knowledge("phones")


@pytest.fixture(scope="session")
def fashion():
    return load_knowledge("fashion")


class Chat:
    """A conversation driven turn by turn through the engine, as the WhatsApp worker would."""

    def __init__(self, knowledge, now=NOW):
        self.knowledge = knowledge
        self.state = None
        self.now = now
        self.turns = []

    def say(self, text):
        turn = respond(knowledge=self.knowledge, state=self.state, text=text, now=self.now)
        self.state = turn.state
        self.turns.append(turn)
        return turn

    @property
    def orders(self):
        return [t.order for t in self.turns if t.order is not None]


def reply_of(turn) -> str:
    return "\n".join(r.text for r in turn.replies)


@pytest.fixture
def chat():
    return Chat


@pytest.fixture(scope="session")
def poultry():
    return load_knowledge("heldout_poultry")


@pytest.fixture(scope="session")
def electronics():
    return load_knowledge("heldout_electronics")


@pytest.fixture(scope="session")
def pharmacy():
    return load_knowledge("heldout_pharmacy")


@pytest.fixture(scope="session")
def pressing():
    return load_knowledge("heldout_pressing")
