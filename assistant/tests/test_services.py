import io
from datetime import timedelta

import pytest
from django.core.management import call_command

from assistant.models import AssistantSession
from assistant.selectors import knowledge_cache_clear, knowledge_for
from assistant.services import assistant_session_reset, assistant_session_turn

from .conftest import DATA, NOW


@pytest.mark.django_db
def test_the_session_state_survives_between_calls(maquis):
    assistant_session_turn(key="conversation:1", knowledge=maquis, text="Je veux 3 garbas", now=NOW)
    assistant_session_turn(key="conversation:1", knowledge=maquis, text="Livraison à Angré", now=NOW)
    recap = assistant_session_turn(key="conversation:1", knowledge=maquis, text="Wave", now=NOW)
    assert "Total" in recap.replies[0].text
    done = assistant_session_turn(key="conversation:1", knowledge=maquis, text="Oui je confirme", now=NOW)
    assert done.order is not None and done.order.total == 4000
    assert AssistantSession.objects.get(key="conversation:1").state["cart"] == []


@pytest.mark.django_db
def test_sessions_are_separate_and_a_reset_starts_afresh(maquis):
    assistant_session_turn(key="try:7:a", knowledge=maquis, text="Je veux 2 garbas", now=NOW)
    other = assistant_session_turn(key="try:7:b", knowledge=maquis, text="Wave", now=NOW + timedelta(minutes=1))
    assert other.state["cart"] == []
    assistant_session_reset(key="try:7:a")
    assert not AssistantSession.objects.filter(key="try:7:a").exists()
    fresh = assistant_session_turn(key="try:7:a", knowledge=maquis, text="Wave", now=NOW)
    assert fresh.state["cart"] == []


@pytest.mark.django_db
def test_a_handed_off_session_stays_silent_until_reset(grocery):
    first = assistant_session_turn(key="conversation:9", knowledge=grocery, text="Je veux parler au gérant", now=NOW)
    assert first.handoff
    assert assistant_session_turn(key="conversation:9", knowledge=grocery, text="Allô ?", now=NOW).replies == []
    assistant_session_reset(key="conversation:9")
    assert assistant_session_turn(key="conversation:9", knowledge=grocery, text="Bonjour", now=NOW).replies


class Snapshot:
    def __init__(self, account_id, version, document):
        self.account_id, self.version, self.document = account_id, version, document


def test_knowledge_is_compiled_once_per_shop_version(grocery):
    knowledge_cache_clear()
    doc = grocery.document
    first = knowledge_for(Snapshot(1, 3, doc))
    assert knowledge_for(Snapshot(1, 3, doc)) is first
    assert knowledge_for(Snapshot(1, 4, doc)) is not first


def test_the_eval_command_prints_the_scores():
    out = io.StringIO()
    call_command("assistant_eval", str(DATA / "maquis"), stdout=out)
    text = out.getvalue()
    assert "By language:" in text and "By intent:" in text and "Dialogues passed: 5/5" in text and "p95" in text


def test_the_eval_command_can_print_json():
    import json

    out = io.StringIO()
    call_command("assistant_eval", str(DATA / "phones"), "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert report["dialogues"]["count"] == 5 and "by_intent" in report
