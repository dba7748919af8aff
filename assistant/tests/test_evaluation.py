"""The evaluation on the public dev set (a copy in data/dev) and on our own shops, against the targets."""

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from assistant.evaluation import DataSetError, evaluate, item_matches, normalise, reply_language, shop_names

from .conftest import DATA, NOW

ROOT = Path(__file__).resolve().parents[2]


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


def test_the_reply_language_leaves_out_the_shops_own_names():
    """A long list of French product names in an English reply is still an English reply, and the other way."""
    names = shop_names(
        {
            "products": [{"name": "Gâteau au chocolat de la maison (6 parts)"}, {"name": "Pain de mie complet"}],
            "delivery_zones": [{"name": "Deux-Plateaux"}],
            "payment_methods": [{"name": "Orange Money"}],
        }
    )
    english = "We have: Gâteau au chocolat de la maison (6 parts) (6 000 F CFA) or Pain de mie complet (900 F CFA)."
    assert reply_language(english) == "fr" and reply_language(english, names) == "en"
    french = "Oui, nous livrons à Deux-Plateaux, et vous pouvez payer par Orange Money."
    assert reply_language(french, names) == "fr"
    # A name is left out whole only: the same words in the reply's own sentence still count.
    assert reply_language("Oui, la maison livre le pain de mie.", names) == "fr"


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


def _copy_set(tmp_path, business=None, messages: list | None = None):
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
    assert "business.json n'est pas un document de boutique valide" in message
    # The shop validator's own French errors, with the faulty path.
    assert "products[0].name : Ce champ est obligatoire." in message
    assert "Traceback" not in message and "KeyError" not in message


def _run_command(*args) -> subprocess.CompletedProcess:
    """``manage.py assistant_eval`` in its own process, as a developer runs it: exit status and stderr."""
    return subprocess.run(
        [sys.executable, "manage.py", "assistant_eval", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
    )


@pytest.mark.parametrize(
    ("business", "expected"),
    [
        ([{"name": "Chez Awa"}], "Le document de la boutique doit être un objet JSON."),
        ({"name": "Chez Awa", "products": {"A1": 1000}}, "products : Ce champ doit être une liste."),
    ],
)
def test_the_command_prints_the_french_errors_and_exits_non_zero_without_a_traceback(tmp_path, business, expected):
    folder = _copy_set(tmp_path, business=business)
    result = _run_command(str(folder))
    assert result.returncode == 1
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_the_evaluator_refuses_message_and_dialogue_lines_in_another_shape(tmp_path):
    good = {"id": "k1", "lang": "fr", "text": "Bonjour", "intent": "greeting", "reply_lang": "fr"}
    folder = _copy_set(
        tmp_path,
        messages=[good, {"id": "k2", "question": "Bonjour"}, {**good, "id": "k3", "must_mention": "2500"}, ["k4"]],
    )
    (folder / "messages.jsonl").write_text(
        (folder / "messages.jsonl").read_text(encoding="utf-8") + "\n{pas du json", encoding="utf-8"
    )
    (folder / "dialogues.jsonl").write_text(
        json.dumps({"id": "d1", "lang": "fr", "turns": "Bonjour", "expected_order": {"items": [{"sku": "K01"}]}}),
        encoding="utf-8",
    )
    with pytest.raises(DataSetError) as caught:
        evaluate(folder, now=NOW)
    problems = caught.value.problems
    assert "messages.jsonl ligne 2 : « text » (le message du client) doit être un texte non vide." in problems
    assert "messages.jsonl ligne 3 : « must_mention » doit être une liste de textes." in problems
    assert "messages.jsonl ligne 4 : chaque ligne doit être un objet JSON." in problems
    assert "messages.jsonl ligne 5 : JSON invalide." in problems
    assert (
        "dialogues.jsonl ligne 1 : « turns » doit être une liste non vide de messages (textes non vides)." in problems
    )
    assert any(p.startswith("dialogues.jsonl ligne 1 : « expected_order.items »") for p in problems)
    assert not any("ligne 1 :" in p and p.startswith("messages.jsonl") for p in problems)  # the good line


def test_the_by_business_mode_checks_every_folder_before_training(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copytree(DATA / "dev", corpus / "good")
    shutil.copytree(DATA / "dev", corpus / "bad")
    (corpus / "bad" / "business.json").write_text(json.dumps({"products": [{"sku": "A1"}]}), encoding="utf-8")
    result = _run_command("--by-business", str(corpus))
    assert result.returncode == 1
    assert "bad est invalide" in result.stderr
    assert "products[0].name : Ce champ est obligatoire." in result.stderr
    assert "Traceback" not in result.stderr


def _silence(knowledge, turn, history, text):
    """A polish step that sends nothing: the assistant stays silent."""
    return replace(turn, replies=[])


def test_the_evaluator_counts_a_missing_reply_as_a_failure(tmp_path):
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
    folder = _copy_set(tmp_path, messages=[message])
    # The same message answered passes: the failure below is the silence, nothing else.
    assert evaluate(folder, now=NOW)["overall"]["pass_rate"] == 1.0

    report = evaluate(folder, now=NOW, polish=_silence)
    assert report["overall"]["pass_rate"] == 0.0
    assert report["failures"][0]["why"] == ["no reply sent"]


def test_an_empty_reply_is_not_taken_for_french(tmp_path):
    message = {"id": "k001", "lang": "fr", "text": "Merci", "intent": "thanks_bye", "reply_lang": "fr"}
    folder = _copy_set(tmp_path, messages=[message])

    def blank(knowledge, turn, history, text):
        return replace(turn, replies=[replace(reply, text="  \n ", buttons=()) for reply in turn.replies])

    report = evaluate(folder, now=NOW, polish=blank)
    assert report["failures"][0]["why"] == ["no reply sent"]


def test_a_dialogue_with_a_turn_left_without_a_reply_fails(tmp_path):
    folder = _copy_set(tmp_path, messages=[])
    dialogue = {
        "id": "d1",
        "lang": "fr",
        "reply_lang": "fr",
        "turns": ["Bonjour", "Vous livrez à Yopougon ?"],
        "expected_order": None,
    }
    (folder / "dialogues.jsonl").write_text(json.dumps(dialogue), encoding="utf-8")
    assert evaluate(folder, now=NOW)["dialogues"] == {"passed": 1, "count": 1, "failing": []}

    calls = []

    def second_turn_silent(knowledge, turn, history, text):
        calls.append(text)
        return _silence(knowledge, turn, history, text) if len(calls) == 2 else turn

    report = evaluate(folder, now=NOW, polish=second_turn_silent)
    assert report["dialogues"]["failing"] == ["d1"]
    assert report["dialogue_failures"][0]["why"] == "no reply sent to turn 2"
