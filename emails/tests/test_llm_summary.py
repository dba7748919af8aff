"""The optional language-model summary, against a real OpenAI-compatible HTTP server on 127.0.0.1."""

import pytest

from assistant.tests.fake_llm import FakeLLM, text_answer
from emails.mime import parse_mail
from emails.tests import samples
from emails.understanding import understand
from emails.understanding.llm import llm_summary, mask_phones, refine_summary


@pytest.fixture
def fake_llm(settings):
    with FakeLLM() as server:
        settings.ASSISTANT_LLM_URL = server.url
        settings.ASSISTANT_LLM_MODEL = "fake-model"
        settings.ASSISTANT_LLM_API_KEY = "sk-test"
        settings.ASSISTANT_LLM_TIMEOUT = 6.0
        yield server


@pytest.fixture
def invoice():
    mail = parse_mail(samples.with_attachments())
    return mail, understand(mail)


GOOD = "La société SIPRA envoie la facture F-2026-0412 de 245 000 F CFA. Elle est à régler avant le 30/11/2026."


def test_a_good_model_summary_replaces_the_offline_one(fake_llm, invoice):
    mail, verdict = invoice
    fake_llm.script = [text_answer(GOOD)]
    refined = refine_summary(mail, verdict)
    assert refined.summary == GOOD
    assert (refined.category, refined.priority, refined.order_lines) == (
        verdict.category,
        verdict.priority,
        verdict.order_lines,
    )
    request = fake_llm.requests[0]
    assert request["path"] == "/v1/chat/completions"
    assert request["auth"] == "Bearer sk-test"
    assert request["body"]["model"] == "fake-model"
    assert "245 000 F CFA" in request["body"]["messages"][1]["content"]


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("La facture F-2026-0412 de 250 000 F CFA est à régler avant le 30/11/2026.", "invented_number"),
        ("SIPRA sends invoice F-2026-0412 for 245 000 F CFA, due on 30/11/2026. Please pay it.", "not_french"),
        ("La facture F-2026-0412 est arrivée. Elle vient de SIPRA.", "lost_fact"),
        ("Facture. " * 5, "sentences"),
        ("", "empty"),
    ],
)
def test_a_model_summary_that_fails_a_check_is_refused(fake_llm, invoice, answer, reason):
    mail, verdict = invoice
    fake_llm.script = [text_answer(answer)]
    outcome = llm_summary(mail, verdict)
    assert (outcome.used_model, outcome.fallback, outcome.summary) == (False, reason, verdict.summary)


def test_a_server_error_or_a_timeout_keeps_the_offline_summary(fake_llm, invoice, settings):
    mail, verdict = invoice
    fake_llm.script = [("status", 500)]
    assert llm_summary(mail, verdict).fallback == "error"
    settings.ASSISTANT_LLM_TIMEOUT = 0.5
    fake_llm.script = [("delay", 3, text_answer(GOOD))]
    outcome = llm_summary(mail, verdict)
    assert (outcome.fallback, outcome.summary) == ("error", verdict.summary)
    assert outcome.latency_ms < 2500


def test_without_a_model_nothing_is_called(settings, invoice):
    settings.ASSISTANT_LLM_URL = ""
    mail, verdict = invoice
    assert llm_summary(mail, verdict).fallback == "not_configured"
    assert refine_summary(mail, verdict) == verdict


def test_phone_numbers_never_reach_the_model(fake_llm):
    mail = parse_mail(samples.latin1_quoted_printable())  # « rappeler au 07 07 12 34 56 »
    fake_llm.script = [text_answer("Ibrahim Traoré n'a pas reçu sa livraison à Abobo.")]
    llm_summary(mail, understand(mail))
    prompt = fake_llm.requests[0]["body"]["messages"][1]["content"]
    assert "07 07 12 34 56" not in prompt and "[numéro]" in prompt
    assert "45 000 F CFA" in prompt  # amounts are not phone numbers
    assert mask_phones("+225 0707123456 ou 05 44 33 22 11") == "[numéro] ou [numéro]"
