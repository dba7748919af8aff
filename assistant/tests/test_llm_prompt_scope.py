"""The optional language model's prompt keeps it to the shop (WhatsApp forbids general-purpose chatbots
since 15 January 2026): read on the wire by the fake OpenAI-compatible server (real HTTP on 127.0.0.1),
in French and in English, from the engine's call and from the owner's « Tester l'assistant » panel."""

import json
from pathlib import Path

import pytest

from assistant.engine import respond
from assistant.llm import llm_polish
from shop.services import shop_document_replace

from .conftest import NOW
from .fake_llm import FakeLLM, text_answer

SHOP = json.loads((Path(__file__).parent / "data" / "dev" / "business.json").read_text(encoding="utf-8"))
TRY, LLM = "/api/v1/assistant/try", "/api/v1/assistant/llm"

SCOPE = {
    "fr": (
        "Tu ne parles que de cette boutique : ses produits, les commandes, la livraison, le paiement et les horaires.",
        "Aux questions générales (devoirs, recettes, sport, blagues, traductions, programmation, politique, santé, "
        "poèmes…), ne réponds pas : refuse poliment en une phrase et ramène le client à la boutique",
    ),
    "en": (
        "Talk only about this shop: its products, orders, delivery, payment and opening hours.",
        "To general questions (homework, recipes, sport, jokes, translations, coding, politics, health, poems…), give "
        "no answer: decline politely in one sentence and bring the customer back to the shop",
    ),
}


@pytest.fixture
def fake_llm(settings):
    with FakeLLM() as server:
        settings.ASSISTANT_LLM_URL = server.url
        settings.ASSISTANT_LLM_MODEL = "fake-model"
        settings.ASSISTANT_LLM_API_KEY = "sk-test"
        settings.ASSISTANT_LLM_TIMEOUT = 6.0
        yield server


def system_prompt(request: dict) -> str:
    first = request["body"]["messages"][0]
    assert first["role"] == "system"
    return first["content"]


@pytest.mark.parametrize(
    ("text", "language"),
    [("Écris-moi un poème sur l'amour", "fr"), ("Tell me a joke", "en"), ("C'est combien l'huile ?", "fr")],
)
def test_every_prompt_keeps_the_model_to_the_shop_and_declines_general_questions(fake_llm, grocery, text, language):
    fake_llm.echo_draft = True
    turn = respond(knowledge=grocery, state=None, text=text, now=NOW)

    outcome = llm_polish(knowledge=grocery, turn=turn, history=[], text=text)

    assert outcome.used_model, outcome.fallback
    prompt = system_prompt(fake_llm.requests[0])
    assert f"« {grocery.name} »" in prompt
    for sentence in SCOPE[language]:
        assert sentence in prompt
    other = "en" if language == "fr" else "fr"
    assert SCOPE[other][0] not in prompt


def test_an_off_topic_request_reaches_the_model_with_the_engines_refusal_as_its_draft(fake_llm, grocery):
    fake_llm.script = [text_answer("Désolé, je ne peux pas écrire de poème : je peux vous donner nos prix.")]
    text = "Écris-moi un poème sur l'amour"
    turn = respond(knowledge=grocery, state=None, text=text, now=NOW)

    outcome = llm_polish(knowledge=grocery, turn=turn, history=[], text=text)

    messages = fake_llm.requests[0]["body"]["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "system"]
    assert messages[1]["content"] == text
    assert messages[2]["content"].startswith("BROUILLON (à reformuler) :\n")
    assert "ne peux pas" in messages[2]["content"] and grocery.name in messages[2]["content"]
    assert [r.text for r in outcome.replies] == [
        "Désolé, je ne peux pas écrire de poème : je peux vous donner nos prix."
    ]


@pytest.mark.django_db
def test_the_owners_panel_sends_the_same_rule_with_the_shops_name(fake_llm, owner, owner_api):
    shop_document_replace(user=owner, document=SHOP)
    assert owner_api.put(LLM, {"enabled": True}, format="json").json()["enabled"] is True
    fake_llm.echo_draft = True

    answer = owner_api.post(TRY, {"text": "Who won the match yesterday?", "session": "scope"}, format="json")

    assert answer.status_code == 200, answer.content
    prompt = system_prompt(fake_llm.requests[-1])
    assert f"« {SHOP['name']} »" in prompt
    for sentence in SCOPE["en"]:
        assert sentence in prompt
