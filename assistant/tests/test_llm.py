"""The optional language model against a fake OpenAI-compatible server (real HTTP on 127.0.0.1):
a good wording goes out, a wrong figure is replaced by the engine's reply, the time budget holds,
malformed answers fall back, and an order still needs the customer's confirmation."""

import json
import time
from pathlib import Path

import pytest

from assistant.engine import respond
from assistant.llm import amounts_in, llm_polish, mask_personal
from assistant.models import LLMUsage
from orders.models import Order
from shop.services import shop_document_replace

from .conftest import NOW, load_knowledge
from .fake_llm import FakeLLM, text_answer, tool_answer

SHOP = json.loads((Path(__file__).parent / "data" / "dev" / "business.json").read_text(encoding="utf-8"))
TRY, LLM = "/api/v1/assistant/try", "/api/v1/assistant/llm"


@pytest.fixture
def fake_llm(settings):
    with FakeLLM() as server:
        settings.ASSISTANT_LLM_URL = server.url
        settings.ASSISTANT_LLM_MODEL = "fake-model"
        settings.ASSISTANT_LLM_API_KEY = "sk-test"
        # The fake answers at once; the budget only has to outlast a loaded CI machine (the budget's own
        # tests set 0.5 s against a slow server).
        settings.ASSISTANT_LLM_TIMEOUT = 6.0
        yield server


@pytest.fixture(scope="module")
def grocery():
    return load_knowledge("dev")


def polish(grocery, text, state=None):
    turn = respond(knowledge=grocery, state=state, text=text, now=NOW)
    return turn, llm_polish(knowledge=grocery, turn=turn, history=[], text=text)


def test_a_good_wording_from_the_tools_goes_out(fake_llm, grocery):
    fake_llm.script = [
        tool_answer(("search_products", {"query": "huile"})),
        text_answer("Bonjour ! L'huile végétale 1 L est à 1 400 F CFA. Je vous en mets combien ?"),
    ]

    turn, outcome = polish(grocery, "C'est combien l'huile ?")

    assert outcome.used_model and not outcome.fallback
    assert [r.text for r in outcome.replies] == [
        "Bonjour ! L'huile végétale 1 L est à 1 400 F CFA. Je vous en mets combien ?"
    ]
    assert (outcome.calls, outcome.prompt_tokens, outcome.completion_tokens) == (2, 270, 50)
    first, second = (request["body"] for request in fake_llm.requests)
    assert first["model"] == "fake-model" and {t["function"]["name"] for t in first["tools"]} >= {
        "search_products",
        "zone_for_place",
        "cart_view",
        "faq_lookup",
        "hand_off",
    }
    assert fake_llm.requests[0]["auth"] == "Bearer sk-test"
    tool_result = json.loads(second["messages"][-1]["content"])
    assert {p["sku"]: p["price"] for p in tool_result["products"]}["K03"] == 1400


@pytest.mark.parametrize(
    "wrong",
    [
        "L'huile est à 1 500 F CFA.",  # a price the shop never gave
        "Bonjour, je vous écoute !",  # the draft's price left out
        "L'huile est à 1 400 F CFA, et le riz parfumé 25 kg aussi.",  # a product nobody looked up
    ],
)
def test_a_reply_with_a_figure_or_product_not_from_the_data_is_replaced(fake_llm, grocery, wrong):
    fake_llm.script = [text_answer(wrong)]

    turn, outcome = polish(grocery, "C'est combien l'huile ?")

    assert outcome.fallback and not outcome.used_model
    assert [r.text for r in outcome.replies] == [r.text for r in turn.replies]


def test_a_recap_keeps_its_confirm_buttons_and_every_amount(fake_llm, grocery):
    fake_llm.script = [
        text_answer(
            "Parfait ! 2 huiles végétales : 2 800 F CFA, livraison à Marcory 500 F CFA, total 3 300 F CFA, "
            "payé en espèces, livré en 20 à 40 minutes. Je valide ?"
        )
    ]

    turn, outcome = polish(grocery, "Je veux 2 huiles livraison à Marcory cash")

    assert outcome.used_model, outcome.fallback
    assert outcome.replies[0].buttons == ("Confirmer", "Modifier")
    assert turn.order is None


def test_a_model_that_says_the_order_is_confirmed_before_the_customer_did_is_replaced(fake_llm, grocery):
    fake_llm.script = [
        text_answer("Votre commande est confirmée : 2 huiles 2 800 F CFA + 500 F CFA, total 3 300 F CFA, 20 à 40 min.")
    ]

    turn, outcome = polish(grocery, "Je veux 2 huiles livraison à Marcory cash")

    assert outcome.fallback == "claims an order the engine did not create"
    assert "Confirmer" in outcome.replies[-1].buttons


def test_the_time_budget_holds_and_the_engine_answers(fake_llm, grocery, settings):
    settings.ASSISTANT_LLM_TIMEOUT = 0.5
    fake_llm.script = [("delay", 3, text_answer("trop tard"))]

    started = time.monotonic()
    turn, outcome = polish(grocery, "C'est combien l'huile ?")
    elapsed = time.monotonic() - started

    assert elapsed < 0.5 + 0.4, elapsed
    assert outcome.fallback in {"timeout", "time budget spent"}
    assert [r.text for r in outcome.replies] == [r.text for r in turn.replies]


def test_a_server_error_is_retried_within_the_budget(fake_llm, grocery):
    fake_llm.script = [("status", 503), text_answer("L'huile végétale 1 L coûte 1 400 F CFA.")]

    _turn, outcome = polish(grocery, "C'est combien l'huile ?")

    assert outcome.used_model and outcome.calls == 2


@pytest.mark.parametrize(
    "broken",
    [
        tool_answer(("search_products", "{not json")),  # arguments that are not JSON
        tool_answer(("delete_everything", {})),  # a tool that does not exist
        tool_answer(("zone_for_place", {"city": "Cocody"})),  # wrong argument names
        ("raw", b'{"choices": "nope"}'),  # a body that is not a completion
        ("status", 400),  # the provider refuses the request
    ],
)
def test_malformed_answers_fall_back_to_the_engine(fake_llm, grocery, broken):
    fake_llm.script = [broken]

    turn, outcome = polish(grocery, "C'est combien l'huile ?")

    assert outcome.fallback and [r.text for r in outcome.replies] == [r.text for r in turn.replies]


def test_personal_data_is_masked_and_amounts_are_read_as_written():
    assert mask_personal("appelez moi au 07 48 01 78 23 ou +2250748017823") == "appelez moi au [numéro] ou [numéro]"
    assert amounts_in("Total : 3\u202f300\xa0F CFA, 500 F, livré à 21h30, 12 000F") == {3300, 500, 12000}


# --- wired into the product ------------------------------------------------------------------------


@pytest.fixture
def shop_owner(owner):
    shop_document_replace(user=owner, document=SHOP)
    return owner


@pytest.mark.django_db
def test_without_llm_settings_the_switch_cannot_be_turned_on(shop_owner, owner_api, settings):
    settings.ASSISTANT_LLM_URL = ""

    assert owner_api.get(LLM).json() == {
        "available": False,
        "enabled": False,
        "usage": {
            "days": 30,
            "replies": 0,
            "calls": 0,
            "prompt_tokens": 0,
            "completion_tokens": 0,
            "fallbacks": 0,
            "average_latency_ms": None,
        },
    }
    response = owner_api.put(LLM, {"enabled": True}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "llm_unavailable"


@pytest.mark.django_db
def test_the_panel_answers_through_the_model_and_an_order_still_needs_the_customers_yes(
    fake_llm, shop_owner, owner_api
):
    assert owner_api.put(LLM, {"enabled": True}, format="json").json()["enabled"] is True
    fake_llm.script = [
        text_answer(
            "Avec plaisir ! 2 huiles à 2 800 F CFA, livraison Marcory 500 F CFA, total 3 300 F CFA, "
            "en espèces, sous 20 à 40 minutes. On valide ?"
        ),
        # The customer hesitates; the model claims the order is placed anyway: replaced, nothing recorded.
        text_answer("C'est noté, votre commande est confirmée !"),
    ]

    recap = owner_api.post(TRY, {"text": "Je veux 2 huiles livraison à Marcory cash", "session": "s"}, format="json")
    hesitation = owner_api.post(TRY, {"text": "euh attends", "session": "s"}, format="json")

    assert recap.json()["replies"][0]["text"].startswith("Avec plaisir !")
    assert "confirmée" not in hesitation.json()["replies"][0]["text"]
    assert Order.objects.count() == 0
    usage = owner_api.get(LLM).json()["usage"]
    assert (usage["replies"], usage["calls"], usage["fallbacks"]) == (2, 2, 1)
    assert LLMUsage.objects.get(owner=shop_owner).prompt_tokens == 240


def test_assistant_eval_llm_runs_the_dev_set_through_the_model(fake_llm, capsys):
    """A model that keeps the draft's facts scores what the engine scores; every reply went through it."""
    from django.core.management import call_command

    fake_llm.echo_draft = True
    dev = str(Path(__file__).parent / "data" / "dev")

    call_command("assistant_eval", dev, "--llm", "--json")
    report = json.loads(capsys.readouterr().out)

    assert report["llm"]["fallbacks"] == 0 and report["llm"]["model_replies"] > 150
    assert report["overall"]["pass_rate"] == 1.0, report["failures"][:3]
    assert report["dialogues"]["passed"] == report["dialogues"]["count"]


def test_product_photos_go_out_as_the_engine_captioned_them_without_asking_the_model(fake_llm):
    shop = json.loads(json.dumps(SHOP))
    for product in shop["products"]:
        product["has_photo"] = True
    from assistant.engine import Knowledge

    knowledge = Knowledge.from_document(shop)
    turn = respond(knowledge=knowledge, state=None, text="envoyez moi la photo de l'huile svp", now=NOW)
    assert any(reply.photo for reply in turn.replies)

    outcome = llm_polish(knowledge=knowledge, turn=turn, history=[], text="envoyez moi la photo de l'huile svp")

    assert outcome.replies == list(turn.replies) and not outcome.used_model
    assert fake_llm.requests == []
