"""Voice notes, end to end: real Ogg Opus notes (espeak-ng speaks, opusenc encodes) served by the
fake Graph API's media endpoints, a signed webhook, the channel downloading and keeping the note,
the fake transcription server (OpenAI's protocol, checking it received a real Ogg Opus file) and the
real engine answering the transcript as a typed message."""

import json
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from assistant.models import TranscriptionUsage
from assistant.services import MSG_NOT_HEARD, MSG_UNREADABLE
from assistant.tests.fake_stt import FakeSTT, probe, voice_note
from conversations.models import Message, MessageKind, Sender
from integrations.whatsapp import media
from integrations.whatsapp.tasks import whatsapp_media_prune
from shop.services import shop_document_replace

from . import meta

pytestmark = pytest.mark.django_db

SHOP = json.loads((Path(__file__).parent / "data" / "grocery.json").read_text(encoding="utf-8"))
TYPED, VOICED = "2250748017823", "2250555123456"
FRENCH_ORDER = "Je veux 2 huiles et 1 boîte de sucre"
ENGLISH_ORDER = "Hello, I want 2 bottles of oil and 1 box of sugar"


@pytest.fixture(scope="module")
def notes(tmp_path_factory) -> dict[str, bytes]:
    """Real voice notes, made once for the module."""
    folder = tmp_path_factory.mktemp("voice-notes")
    french = voice_note(FRENCH_ORDER, voice="fr", folder=folder, name="french")
    long = voice_note(FRENCH_ORDER, voice="fr", folder=folder, name="long", repeat=4)
    broken = bytearray(french)
    middle = len(broken) // 2
    broken[middle : middle + 400] = b"\x00" * 400  # a page's header overwritten: no longer an Ogg stream
    return {
        "french": french,
        "english": voice_note(ENGLISH_ORDER, voice="en", folder=folder, name="english"),
        "long": long,
        "corrupt": bytes(broken),
    }


@pytest.fixture
def stt(settings):
    fake = FakeSTT().start()
    settings.ASSISTANT_STT_URL = fake.url
    settings.ASSISTANT_STT_MODEL = "whisper-large-v3"
    settings.ASSISTANT_STT_API_KEY = fake.api_key
    yield fake
    fake.stop()


@pytest.fixture
def shop(owner, graph, connection, settings):
    settings.WHATSAPP_RESPONDER = "assistant.services.assistant_answer"
    shop_document_replace(user=owner, document=SHOP)
    return owner


def text_of(call) -> str:
    body = call.body
    if body["type"] == "text":
        return body["text"]["body"]
    if body["type"] == "image":
        return body["image"].get("caption", "")
    return body["interactive"]["body"]["text"]


def say(api_client, graph, text: str, *, sender: str) -> list:
    before = len(graph.sends())
    response = meta.post(
        api_client, meta.payload(messages=[meta.message(body={"body": text}, sender=sender)], sender=sender)
    )
    assert response.status_code == 200
    return graph.sends()[before:]


def speak(api_client, graph, audio: bytes, *, sender: str, mime: str = "audio/ogg; codecs=opus") -> list:
    """The customer sends a voice note (registered on the fake Graph API under a fresh media id)."""
    media_id = graph.add_media(f"media-voice-{len(graph.media) + 1}", audio, mime)
    before = len(graph.sends())
    item = meta.message("audio", body={"id": media_id, "mime_type": mime, "voice": True}, sender=sender)
    response = meta.post(api_client, meta.payload(messages=[item], sender=sender))
    assert response.status_code == 200
    return graph.sends()[before:]


def voice_message() -> Message:
    return Message.objects.filter(kind=MessageKind.AUDIO).latest("id")


@pytest.mark.parametrize(
    ("note", "words", "follow_up"),
    [
        ("french", FRENCH_ORDER, ["Livraison à Marcory", "cash"]),
        ("english", ENGLISH_ORDER, ["Delivery to Marcory", "cash"]),
    ],
)
def test_a_voice_note_order_gets_the_same_recap_as_the_typed_order(
    api_client, graph, shop, stt, notes, note, words, follow_up
):
    typed = [say(api_client, graph, turn, sender=TYPED) for turn in [words, *follow_up]]
    stt.say(words)
    voiced = [speak(api_client, graph, notes[note], sender=VOICED)]
    voiced += [say(api_client, graph, turn, sender=VOICED) for turn in follow_up]

    assert [[text_of(c) for c in turn] for turn in voiced] == [[text_of(c) for c in turn] for turn in typed]
    recap = text_of(voiced[-1][-1])
    assert "Huile" in recap and "Sucre" in recap
    message = voice_message()
    assert (message.transcript_status, message.transcript) == ("ok", words)
    assert message.intent == "order"
    # The note was downloaded with the account's token, kept, and what the provider received is it.
    assert message.media_file and message.media_size == len(notes[note])
    assert message.media_file.read() == notes[note]
    upload = stt.received[0]
    assert upload.audio == notes[note] and upload.fields["model"] == "whisper-large-v3"
    assert upload.fields["response_format"] == "verbose_json"
    assert "language" not in upload.fields  # a first message: the provider detects the language
    # Our duration (read from the Ogg pages) is ffprobe's.
    assert media.ogg_duration(notes[note]) == pytest.approx(upload.duration, abs=0.05)
    usage = TranscriptionUsage.objects.get(owner=shop)
    assert (usage.voice_notes, usage.calls, usage.failures) == (1, 1, 0)
    assert usage.audio_seconds == round(upload.duration)


def test_the_conversation_language_is_the_hint_of_the_next_voice_note(api_client, graph, shop, stt, notes):
    say(api_client, graph, "Hello, do you have oil?", sender=VOICED)
    stt.say("I want 2 bottles of oil")
    answer = speak(api_client, graph, notes["english"], sender=VOICED)

    assert stt.received[-1].fields["language"] == "en"
    assert "oil" in text_of(answer[-1]).lower() or "huile" in text_of(answer[-1]).lower()


@pytest.mark.parametrize(
    ("note", "mime", "provider_called"),
    [("corrupt", "audio/ogg; codecs=opus", False), ("garbage", "audio/mpeg", True)],
)
def test_a_corrupt_voice_note_gets_the_polite_request(api_client, graph, shop, stt, notes, note, mime, provider_called):
    audio = notes.get(note) or b"ID3\x03\x00 definitely not audio " * 50
    answer = speak(api_client, graph, audio, sender=VOICED, mime=mime)

    assert [text_of(c) for c in answer] == [MSG_NOT_HEARD["fr"]]
    assert bool(stt.received) is provider_called  # a broken Ogg stream is never sent
    if provider_called:
        assert stt.received[0].duration is None  # the fake refused it: not audio
    message = voice_message()
    assert message.transcript_status == "failed" and message.transcript == ""
    assert message.media_size == len(audio)  # kept: the owner can still try to listen
    assert TranscriptionUsage.objects.get(owner=shop).failures == 1


@pytest.mark.parametrize("announced", [True, False], ids=["size-announced", "size-discovered"])
def test_an_oversized_voice_note_is_refused_without_being_read_whole(
    api_client, graph, shop, stt, notes, settings, announced
):
    settings.WHATSAPP_VOICE_MAX_BYTES = len(notes["french"]) - 1
    graph.announce_media_size = announced

    answer = speak(api_client, graph, notes["french"], sender=VOICED)

    assert [text_of(c) for c in answer] == [MSG_NOT_HEARD["fr"]]
    message = voice_message()
    assert message.transcript_status == "too_large" and not message.media_file
    assert stt.received == []
    assert TranscriptionUsage.objects.get(owner=shop).refused == 1


def test_a_voice_note_over_the_duration_limit_is_not_sent(api_client, graph, shop, stt, notes, settings):
    seconds = media.ogg_duration(notes["long"])
    settings.WHATSAPP_VOICE_MAX_SECONDS = int(seconds) - 1

    answer = speak(api_client, graph, notes["long"], sender=VOICED)

    assert [text_of(c) for c in answer] == [MSG_NOT_HEARD["fr"]]
    assert voice_message().transcript_status == "too_long"
    assert stt.received == []
    assert probe(notes["long"])[1] == pytest.approx(seconds, abs=0.05)


@pytest.mark.parametrize(
    ("script", "status"),
    [(("", -0.1), "unclear"), (("euh je veux heu", -1.6), "unclear"), (("Je veux 2 huiles", -0.2), "ok")],
    ids=["empty", "low-confidence", "confident"],
)
def test_confidence_decides_whether_the_note_was_heard(api_client, graph, shop, stt, notes, script, status):
    stt.say(script[0], avg_logprob=script[1])
    answer = speak(api_client, graph, notes["french"], sender=VOICED)

    assert voice_message().transcript_status == status
    if status == "ok":
        assert MSG_NOT_HEARD["fr"] not in [text_of(c) for c in answer]
    else:
        assert [text_of(c) for c in answer] == [MSG_NOT_HEARD["fr"]]


def test_a_server_without_verbose_json_is_trusted_on_its_text(api_client, graph, shop, stt, notes):
    stt.plain_json = True
    stt.say("Je veux 2 huiles")
    speak(api_client, graph, notes["french"], sender=VOICED)

    assert voice_message().transcript == "Je veux 2 huiles"


def test_provider_down_gets_the_request_quickly(api_client, graph, shop, stt, notes, settings, closed_port):
    settings.ASSISTANT_STT_URL = f"http://127.0.0.1:{closed_port}/v1"
    started = time.monotonic()
    answer = speak(api_client, graph, notes["french"], sender=VOICED)

    assert time.monotonic() - started < 10
    assert [text_of(c) for c in answer] == [MSG_NOT_HEARD["fr"]]
    assert voice_message().transcript_status == "failed"


def test_a_slow_provider_is_given_up_within_ten_seconds(api_client, graph, shop, stt, notes):
    stt.delay = 30  # the default budget (10 s) applies: no ASSISTANT_STT_TIMEOUT set
    stt.say("Je veux 2 huiles")
    started = time.monotonic()
    answer = speak(api_client, graph, notes["french"], sender=VOICED)
    elapsed = time.monotonic() - started

    assert elapsed < 12, elapsed  # 10 s for the provider, the rest is the webhook and the engine
    assert [text_of(c) for c in answer] == [MSG_NOT_HEARD["fr"]]
    usage = TranscriptionUsage.objects.get(owner=shop)
    assert usage.failures == 1 and usage.latency_ms >= 9_000


def test_without_a_provider_the_answer_is_unchanged(api_client, graph, shop, notes, settings):
    settings.ASSISTANT_STT_URL = ""
    settings.ASSISTANT_STT_LOCAL = False  # the local model off (test_voice_offline.py has it on)
    answer = speak(api_client, graph, notes["french"], sender=VOICED)

    assert [text_of(c) for c in answer] == [MSG_UNREADABLE["fr"]]
    message = voice_message()
    assert (message.transcript_status, message.media_file.name) == ("", "")
    assert not [c for c in graph.calls if c.method == "GET" and "media-voice" in c.path]  # nothing downloaded


def test_a_voice_note_is_never_downloaded_or_transcribed_twice(api_client, graph, shop, stt, notes):
    stt.say("Je veux 2 huiles")
    speak(api_client, graph, notes["french"], sender=VOICED)
    message = voice_message()
    downloads = len([c for c in graph.calls if c.path.startswith("/media/")])

    media.voice_note_prepare(message, token="t")  # the task again (a worker died after the transcription)

    assert len(stt.received) == 1
    assert len([c for c in graph.calls if c.path.startswith("/media/")]) == downloads


def test_a_kept_note_not_yet_transcribed_is_read_from_disk(api_client, graph, shop, stt, notes, settings):
    """A worker died after keeping the file: the next run transcribes it without downloading again."""
    settings.ASSISTANT_STT_URL = ""  # first pass: no provider, then keep the file by hand as the dead run did
    settings.ASSISTANT_STT_LOCAL = False
    speak(api_client, graph, notes["french"], sender=VOICED)
    message = voice_message()
    media._file_keep(message, data=notes["french"], mime="audio/ogg; codecs=opus")
    settings.ASSISTANT_STT_URL = stt.url
    stt.say("Je veux 2 huiles")
    before = len(graph.calls)

    media.voice_note_prepare(Message.objects.select_related("conversation__owner").get(pk=message.pk), token="t")

    message.refresh_from_db()
    assert message.transcript_status == "ok" and stt.received[0].audio == notes["french"]
    assert graph.calls[before:] == []


def test_media_older_than_thirty_days_are_pruned(api_client, graph, shop, stt, notes):
    stt.say("Je veux 2 huiles")
    speak(api_client, graph, notes["french"], sender=VOICED)
    message = voice_message()
    path = Path(message.media_file.path)
    assert path.exists()
    Message.objects.filter(pk=message.pk).update(sent_at=timezone.now() - timedelta(days=29))
    assert whatsapp_media_prune() == 0 and path.exists()

    Message.objects.filter(pk=message.pk).update(sent_at=timezone.now() - timedelta(days=31))
    assert whatsapp_media_prune() == 1

    message.refresh_from_db()
    assert not path.exists() and message.media_file.name == "" and message.transcript == "Je veux 2 huiles"
    assert whatsapp_media_prune() == 0
    assert Message.objects.filter(sender=Sender.USER, kind=MessageKind.AUDIO).count() == 1


def test_the_owner_plays_the_note_through_our_api_and_nobody_else_does(api_client, graph, shop, stt, notes, owner_api):
    from rest_framework.test import APIClient

    from accounts.tests.factories import UserFactory

    stt.say("Je veux 2 huiles")
    speak(api_client, graph, notes["french"], sender=VOICED)
    message = voice_message()
    url = f"/api/v1/conversations/{message.conversation_id}/messages"

    listed = {item["id"]: item for item in owner_api.get(url).json()["results"]}
    item = listed[message.pk]
    assert (item["kind"], item["transcript"], item["transcript_status"]) == ("audio", "Je veux 2 huiles", "ok")
    media_url = item["media_url"]
    assert media_url.startswith(f"{url}/{message.pk}/media?") and "lookaside" not in media_url
    assert all(answer["media_url"] is None for key, answer in listed.items() if key != message.pk)

    played = APIClient().get(media_url)  # the <audio> element: no token, the signed link
    assert played.status_code == 200 and played["Content-Type"] == "audio/ogg; codecs=opus"
    assert b"".join(played.streaming_content) == notes["french"]
    with_token = owner_api.get(f"{url}/{message.pk}/media")
    assert with_token.status_code == 200

    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    assert stranger.get(f"{url}/{message.pk}/media").status_code == 404
    tampered = media_url.replace("&s=", "&s=x")
    assert APIClient().get(tampered).status_code == 401
    assert stranger.get(tampered).status_code == 404
    other = Message.objects.filter(conversation_id=message.conversation_id).exclude(pk=message.pk).first()
    assert owner_api.get(f"{url}/{other.pk}/media").status_code == 404
    assert owner_api.get(f"{url}/{message.pk}/media?t=1&s=2").status_code == 200  # the token is enough
