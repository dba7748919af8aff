"""In real Chromium at 390 px on the built app: the statistics page's voice-notes card shows, in
French, the last 30 days' notes heard, minutes of audio and failures, and that the notes are
transcribed on the server when no provider is configured."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from assistant.models import TranscriptionUsage
from tests.browser.dashboard_helpers import PHONE, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = pytest.mark.browser


def test_the_statistics_page_shows_the_voice_notes_heard_on_the_server(page, live_url, console, settings):
    settings.ASSISTANT_STT_URL, settings.ASSISTANT_STT_LOCAL = "", True
    owner = UserFactory(plan_abonnement="pro")  # the statistics page is a Pro page
    today = timezone.localdate()
    TranscriptionUsage.objects.create(
        owner=owner,
        day=today,
        voice_notes=12,
        calls=10,
        audio_seconds=330,
        failures=1,
        unclear=2,
        refused=1,
        latency_ms=41_000,
    )
    TranscriptionUsage.objects.create(owner=owner, day=today - timedelta(days=40), voice_notes=50, calls=50)
    page.set_viewport_size(PHONE)

    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/analytics")
    card = page.get_by_test_id("voice-usage")
    card.wait_for()

    text = card.inner_text()
    assert "Messages vocaux (30 derniers jours)" in text
    assert "Transcrits sur le serveur" in text
    rows = dict(zip(card.locator("dt").all_inner_texts(), card.locator("dd").all_inner_texts(), strict=True))
    assert rows["Messages vocaux reçus"] == "12"
    assert rows["Compris et répondus"] == "8"
    assert rows["Minutes d'audio"] == "5,5"
    assert rows["Échecs"] == "1"
    assert rows["Temps moyen"].replace("\u00a0", " ") == "4 100 ms"
    assert_no_horizontal_overflow(page)
    assert console.errors == []
