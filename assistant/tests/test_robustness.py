"""The engine answers whatever arrives, for any shop document, and its state stays JSON."""

import json
import random

import pytest

from assistant.engine import Knowledge, respond

from .conftest import NOW

ODD_TEXTS = [
    "",
    " ",
    "😀😀",
    "????",
    "0",
    "999999999999",
    "a" * 5000,
    "\n\n",
    "<script>",
    "je veux 0 riz",
    "2,5 kg",
    "un un un",
    "vingt-cinq",
    "deux cents sacs",
    "x2",
    "riz x 3",
    "l'",
    "c",
    "Œ",
]
WORDS = (
    "je veux 2 sacs de riz livraison à cocody wave oui non merci combien prix poulet garba robe annule "
    "ajoute enlève plutôt 3 le la confirmer modifier"
).split()


@pytest.mark.parametrize(
    "document",
    [{}, {"name": "Shop", "products": [{"sku": "A", "name": "Thing", "price": 100, "aliases": [], "in_stock": True}]}],
)
def test_a_sparse_shop_document_still_gets_answers(document):
    knowledge = Knowledge.from_document(document)
    for text in ODD_TEXTS:
        turn = respond(knowledge=knowledge, state=None, text=text, now=NOW)
        json.dumps(turn.state)


def test_random_conversations_never_fail_and_keep_a_json_state(maquis, grocery):
    rng = random.Random(7)
    for knowledge in (maquis, grocery):
        for _ in range(40):
            state = None
            for _ in range(6):
                text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8)))
                turn = respond(knowledge=knowledge, state=state, text=text, now=NOW)
                state = json.loads(json.dumps(turn.state))
                assert turn.intent
