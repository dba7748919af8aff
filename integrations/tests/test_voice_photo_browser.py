"""In real Chromium at 390 px on the built app: the owner plays a customer's voice note (served by
our API under the page's CSP) and reads its transcript in Conversations IA, and takes a product's
photo on the catalogue page (a camera input and a gallery one), stored resized."""

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from assistant.tests.fake_stt import voice_note
from catalog.models import Product
from catalog.tests.factories import ProductFactory
from conversations.models import MessageKind
from conversations.services import message_store_inbound
from integrations.whatsapp import media
from tests.browser.dashboard_helpers import PHONE, sign_in_through_api

pytestmark = pytest.mark.browser


def test_the_owner_hears_the_voice_note_and_reads_its_transcript(page, live_url, console, tmp_path):
    owner = UserFactory()
    audio = voice_note("Je veux deux huiles et un sucre", voice="fr", folder=tmp_path)
    message = message_store_inbound(
        user=owner,
        whatsapp_number="+2250748017823",
        name="Fatou Bamba",
        content="[Message vocal]",
        wamid="wamid.voice-browser-1",
        kind=MessageKind.AUDIO,
        media_id="media-1",
    )
    media._file_keep(message, data=audio, mime="audio/ogg; codecs=opus")
    media._status_store(message, status="ok", transcript="Je veux deux huiles et un sucre")
    page.set_viewport_size(PHONE)

    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/conversations")
    page.get_by_test_id("conversation-row").first.click()
    note = page.get_by_test_id("voice-note")
    expect(note.get_by_test_id("voice-transcript")).to_contain_text("« Je veux deux huiles et un sucre »")
    player = note.locator("audio")
    expect(player).to_have_attribute(
        "src", re.compile(rf"^/api/v1/conversations/{message.conversation_id}/messages/{message.pk}/media\?t=")
    )
    fetched = player.evaluate(
        "async audio => { const r = await fetch(audio.src); return [r.status, r.headers.get('content-type')]; }"
    )
    assert fetched == [200, "audio/ogg; codecs=opus"], fetched
    duration = player.evaluate(
        """audio => new Promise((resolve, reject) => {
            audio.addEventListener("loadedmetadata", () => resolve(audio.duration), { once: true });
            audio.addEventListener("error", () => reject(new Error("media error")), { once: true });
            audio.preload = "metadata";
            audio.load();
        })"""
    )
    assert duration == pytest.approx(media.ogg_duration(audio), abs=0.2)
    assert console.errors == []  # no CSP refusal, no failed request


def test_the_owner_adds_a_product_photo_at_390_px(page, live_url, console, tmp_path):
    owner = UserFactory()
    product = ProductFactory(owner=owner, name="Chargeur Type-C 20W", sku="CH20")
    picture = tmp_path / "IMG_0001.jpg"
    buffer = io.BytesIO()
    Image.new("RGB", (3000, 4000), (20, 90, 160)).save(buffer, format="JPEG")
    picture.write_bytes(buffer.getvalue())
    page.set_viewport_size(PHONE)

    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/catalogue")
    card = page.get_by_test_id("product-card").filter(has_text="Chargeur Type-C 20W")
    card.get_by_role("button", name="Modifier Chargeur Type-C 20W").click()
    sheet = page.get_by_test_id("product-sheet")
    camera = sheet.locator("input[capture=environment]")
    assert camera.get_attribute("accept") == "image/*"
    camera.set_input_files(str(picture))
    expect(sheet.get_by_test_id("photo-preview")).to_be_visible()
    sheet.get_by_role("button", name="Enregistrer").click()

    card.locator("img").wait_for()
    product.refresh_from_db()
    with Image.open(Product.objects.get(pk=product.pk).photo.open("rb")) as stored:
        assert stored.size == (960, 1280)
    # The photo is shown once it has loaded (on a busy machine it may still be loading when it is attached).
    loaded = "img => img.complete ? img.naturalWidth : new Promise(done => img.onload = () => done(img.naturalWidth))"
    assert card.locator("img").evaluate(loaded) == 960
    assert console.errors == []
