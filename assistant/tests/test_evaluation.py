"""The evaluation on the public dev set (a copy in data/dev) and on our own shops, against the targets."""

import pytest

from assistant.evaluation import evaluate, item_matches, normalise, reply_language

from .conftest import DATA, NOW


def test_the_scorer_follows_the_readme_matching_rules():
    assert normalise("Œufs : 2 750 F CFA") == "oeufs : 2750 f cfa"
    assert item_matches("2500", "La livraison coûte 2 500 F.")
    assert not item_matches("500", "La livraison coûte 2 500 F.")
    assert not item_matches("15", "pack 6 x 1,5 L")
    assert item_matches("5 kg | 5kg", "sac de 5 kg") and not item_matches("5 kg | 5kg", "sac de 25 kg")
    assert item_matches("7h | 07:00", "de 7h00 à 21h30") and not item_matches("7h", "jusqu'à 17h")
    assert item_matches("Port-Bouët", "port bouet")


def test_the_reply_language_check_reads_english_and_french():
    assert reply_language("Yes, we have it in stock, at 700 F CFA.") == "en"
    assert reply_language("Oui, nous l'avons en stock, à 700 F CFA.") == "fr"


def test_the_dev_set_meets_the_targets():
    report = evaluate(DATA / "dev", now=NOW)
    assert report["overall"]["pass_rate"] >= 0.97
    assert all(block["pass_rate"] >= 0.95 for block in report["by_language"].values())
    assert report["dialogues"] == {"passed": 16, "count": 16, "failing": []}
    assert report["timing_ms"]["p95"] <= 50


@pytest.mark.parametrize(
    "shop",
    [
        "maquis",
        "phones",
        "fashion",
        "heldout_bakery",
        "heldout_beauty",
        "heldout_hardware",
        "heldout_pharmacy",
        "heldout_electronics",
        "heldout_poultry",
        "heldout_pressing",
    ],
)
def test_our_other_businesses_meet_the_same_targets(shop):
    report = evaluate(DATA / shop, now=NOW)
    assert report["overall"]["pass_rate"] >= 0.95, report["failures"]
    assert report["dialogues"]["failing"] == []


def _copy_set(tmp_path, business: dict | None = None, messages: list | None = None):
    import json
    import shutil

    folder = tmp_path / "set"
    shutil.copytree(DATA / "dev", folder)
    if business is not None:
        (folder / "business.json").write_text(json.dumps(business), encoding="utf-8")
    if messages is not None:
        (folder / "messages.jsonl").write_text("\n".join(json.dumps(m) for m in messages), encoding="utf-8")
        (folder / "dialogues.jsonl").write_text("", encoding="utf-8")
    return folder


def test_the_evaluator_refuses_a_shop_document_in_another_shape_with_french_errors(tmp_path, db):
    from django.core.management import CommandError, call_command

    folder = _copy_set(tmp_path, business={"name": "Chez Awa", "products": [{"nom": "Riz", "prix": "cher"}]})
    with pytest.raises(CommandError) as caught:
        call_command("assistant_eval", str(folder))
    message = str(caught.value)
    assert "n'est pas un document de boutique valide" in message
    assert "Traceback" not in message and "KeyError" not in message


def test_the_evaluator_counts_a_missing_reply_as_a_failure(tmp_path):
    import json

    business = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    message = {
        "id": "k001",
        "lang": "fr",
        "text": "Bonjour",
        "intent": "greeting",
        "entities": {},
        "must_mention": [],
        "must_not": [],
        "reply_lang": "fr",
    }
    folder = _copy_set(tmp_path, business=business, messages=[message])

    def silence(knowledge, turn, history, text):
        from dataclasses import replace

        return replace(turn, replies=[])

    report = evaluate(folder, now=NOW, polish=silence)
    assert report["overall"]["pass_rate"] == 0.0
    assert report["failures"][0]["why"] == ["no reply sent"]
