"""The shop's delivery notes restrict some zones to some days (« Bingerville est livré le mercredi
seulement »): a question about that zone's fee or delay says the days too, in the customer's language;
other zones' answers do not. A shop and sentences of our own."""

import json

import pytest

from assistant.engine import Knowledge
from assistant.evaluation import item_matches

from .conftest import DATA, Chat, reply_of


@pytest.fixture(scope="module")
def shop():
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["delivery_zones"].append(
        {
            "name": "Bingerville",
            "areas": ["Feh Kessé"],
            "served": True,
            "fee": 2500,
            "vehicle": "voiture",
            "eta_minutes": [90, 150],
            "min_order": 0,
        }
    )
    document["delivery_notes"] = {
        "fr": "Marcory et Koumassi sont livrés à moto tous les jours. Bingerville (2 500 F) est livré en voiture "
        "le mercredi seulement : commandez la veille.",
        "en": "Marcory and Koumassi are delivered by motorbike every day. Bingerville (2,500 F) is delivered by "
        "car on Wednesdays only: order the day before.",
    }
    return Knowledge.from_document(document)


@pytest.mark.parametrize(
    "text, days",
    [
        ("c'est combien pour livrer a Feh Kesse ?", "mercredi"),
        ("vous passez a Bingerville quel jour ?", "mercredi"),
        ("how long to deliver to bingerville", "wednesday"),
        ("djo Bingerville la livraison c'est combien", "mercredi"),
    ],
)
def test_the_days_of_a_restricted_zone_are_said_with_its_fee_or_delay(shop, text, days):
    reply = reply_of(Chat(shop).say(text))
    assert item_matches(days, reply), (text, reply)
    assert item_matches("2500", reply), (text, reply)


def test_a_zone_without_restricted_days_says_none(shop):
    reply = reply_of(Chat(shop).say("la livraison a Marcory c'est combien ?"))
    assert not item_matches("mercredi", reply) and not item_matches("seulement", reply)
