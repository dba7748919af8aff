"""Voice notes understood with no transcription provider configured: the signed webhook, the fake
Graph API serving a real Ogg Opus note (espeak-ng, opusenc), the channel downloading it, and the
Whisper base model shipped in a PyPI package transcribing it on this server (assistant.stt_local),
then the real engine answering the transcript exactly as the typed order."""

import pytest

from assistant.models import TranscriptionUsage
from assistant.services import MSG_UNREADABLE
from assistant.tests.fake_stt import voice_note

from .test_voice_notes import SHOP, TYPED, VOICED, say, speak, text_of, voice_message

pytestmark = pytest.mark.django_db

# Sentences Whisper base hears from espeak-ng's voice (docs/voice-and-photos.md has the misheard ones).
FRENCH_ORDER = "Bonjour, je voudrais commander du sucre et du pain."
ENGLISH_ORDER = "Hello, I want 2 bottles of oil and 1 box of sugar"


@pytest.fixture(scope="module")
def notes(tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("offline-notes")
    return {
        "french": voice_note(FRENCH_ORDER, voice="fr", folder=folder, name="french"),
        "english": voice_note(ENGLISH_ORDER, voice="en", folder=folder, name="english"),
    }


@pytest.fixture
def shop(owner, graph, connection, settings):
    from shop.services import shop_document_replace

    settings.WHATSAPP_RESPONDER = "assistant.services.assistant_answer"
    settings.ASSISTANT_STT_URL = ""
    settings.ASSISTANT_STT_MODEL = ""
    settings.ASSISTANT_STT_LOCAL = True
    shop_document_replace(user=owner, document=SHOP)
    return owner


@pytest.mark.parametrize(
    ("note", "words", "follow_up", "products"),
    [
        # The engine takes « du sucre » and not « du pain » from the typed sentence as well: the recaps match.
        ("french", FRENCH_ORDER, ["Livraison à Marcory", "cash"], ["Sucre en morceaux"]),
        ("english", ENGLISH_ORDER, ["Delivery to Marcory", "cash"], ["Huile", "Sucre"]),
    ],
)
def test_a_voice_note_order_heard_on_the_server_gets_the_typed_recap(
    api_client, graph, shop, notes, note, words, follow_up, products
):
    typed = [say(api_client, graph, turn, sender=TYPED) for turn in [words, *follow_up]]
    voiced = [speak(api_client, graph, notes[note], sender=VOICED)]
    voiced += [say(api_client, graph, turn, sender=VOICED) for turn in follow_up]

    message = voice_message()
    assert message.transcript_status == "ok", message.transcript
    assert [[text_of(c) for c in turn] for turn in voiced] == [[text_of(c) for c in turn] for turn in typed]
    recap = text_of(voiced[-1][-1])
    assert all(product in recap for product in products), recap
    assert message.intent == "order"
    assert message.media_file and message.media_size == len(notes[note])
    usage = TranscriptionUsage.objects.get(owner=shop)
    assert (usage.voice_notes, usage.calls, usage.failures, usage.unclear) == (1, 1, 0, 0)
    assert usage.audio_seconds >= 2 and usage.latency_ms > 0


def test_switched_off_a_voice_note_gets_todays_reply(api_client, graph, shop, notes, settings):
    settings.ASSISTANT_STT_LOCAL = False

    answer = speak(api_client, graph, notes["french"], sender=VOICED)

    assert [text_of(c) for c in answer] == [MSG_UNREADABLE["fr"]]
    assert voice_message().transcript_status == ""
    assert not TranscriptionUsage.objects.filter(owner=shop).exists()
