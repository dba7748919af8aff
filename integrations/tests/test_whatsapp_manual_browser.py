"""Issue 18 item 4 at 390 px, in the built app against the fake Graph API: a new owner whose page is
not HTTPS cannot use the Facebook way in (the dead end), connects the number of the business's own
Meta app through « Configuration manuelle » instead (ids, permanent token and app secret checked on
the Graph API), copies the webhook URL and verify token, sees the connected number and its verified
name on the dashboard, and a customer's message signed by that app reaches Conversations IA. Then,
after Meta refused the token (error 190), the dashboard says « Reconnectez WhatsApp » and the owner
reconnects."""

import pytest
import requests
from django.utils import timezone
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from integrations.crypto import decrypt_token
from integrations.models import WhatsAppConnection
from integrations.services import MSG_MANUAL_APP_SECRET_REQUIRED, MSG_MANUAL_TOKEN_INVALID
from tests.browser.dashboard_helpers import PHONE, assert_no_horizontal_overflow, sign_in_through_api

from . import meta as webhook
from .factories import WhatsAppConnectionFactory
from .fake_graph import PHONE_NUMBER_ID, VERIFIED_NAME, WABA_ID

pytestmark = pytest.mark.browser

TOKEN = "EAAGsystemUserPermanentToken42"
PUBLIC_URL = "https://app.flux-ia.ci"
VERIFY_TOKEN = "flux-verify-2f9c"
SHOWN_NUMBER = "+225 07 48 01 78 23"
BUSINESS_APP_SECRET = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"


@pytest.fixture
def meta(graph, settings):
    graph.tokens = {TOKEN}
    settings.FRONTEND_URL = PUBLIC_URL
    settings.WHATSAPP_VERIFY_TOKEN = VERIFY_TOKEN
    return graph


def open_panel(page, button: str = "Connecter WhatsApp"):
    page.get_by_role("region", name="Actions rapides").get_by_role("button", name=button).click()
    panel = page.get_by_test_id("whatsapp-panel")
    panel.wait_for()
    return panel


def fill_manual_form(panel, *, token: str, app_secret: str = "") -> None:
    panel.get_by_label("Identifiant du numéro de téléphone").fill(PHONE_NUMBER_ID)
    panel.get_by_label("Identifiant du compte WhatsApp Business").fill(WABA_ID)
    panel.get_by_label("Jeton d'accès permanent").fill(token)
    panel.get_by_label("Clé secrète de l'application").fill(app_secret)
    panel.get_by_role("button", name="Vérifier et connecter").click()


def test_a_new_owner_connects_whatsapp_by_hand_at_390_px(page, context, live_url, meta, console):
    meta.app_id, meta.app_secret = "7000000001", BUSINESS_APP_SECRET  # the business's own Meta app
    owner = UserFactory(prenom="Awa")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_url)
    page.set_viewport_size(PHONE)
    sign_in_through_api(page, live_url, owner.adresse_email)

    checklist_item = page.get_by_test_id("shop-checklist").get_by_text("Connectez WhatsApp")
    expect(checklist_item).to_be_visible()

    # The dead end: the only way in was Facebook's, which needs an HTTPS page and a Meta app id.
    panel = open_panel(page)
    panel.get_by_text("La connexion Facebook/WhatsApp nécessite une page en HTTPS.").wait_for()
    expect(panel.get_by_role("button", name="Connecter", exact=True)).to_be_disabled()

    panel.get_by_role("button", name="Configuration manuelle").click()
    expect(panel.get_by_text("La connexion Facebook/WhatsApp nécessite une page en HTTPS.")).to_have_count(0)
    webhook_url = f"{PUBLIC_URL}/api/v1/integrations/whatsapp/webhook"
    expect(panel.get_by_test_id("whatsapp-webhook-url")).to_have_value(webhook_url)
    expect(panel.get_by_test_id("whatsapp-verify-token")).to_have_value(VERIFY_TOKEN)
    panel.get_by_role("button", name="Copier : URL de rappel (Callback URL)").click()
    expect(panel.get_by_text("Copié !")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == webhook_url
    panel.get_by_role("button", name="Copier : Jeton de vérification (Verify token)").click()
    assert page.evaluate("navigator.clipboard.readText()") == VERIFY_TOKEN

    # A token Meta does not know: error 190 in French on the token field, nothing saved.
    fill_manual_form(panel, token="EAAGnotTheRightOne")
    expect(panel.get_by_text(MSG_MANUAL_TOKEN_INVALID)).to_be_visible()
    expect(panel.get_by_label("Jeton d'accès permanent")).to_have_attribute("aria-invalid", "true")
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()
    assert_no_horizontal_overflow(page)

    # The token is the business app's: Meta signs this number's deliveries with that app's secret.
    fill_manual_form(panel, token=TOKEN)
    expect(panel.get_by_text(MSG_MANUAL_APP_SECRET_REQUIRED)).to_be_visible()
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()

    fill_manual_form(panel, token=TOKEN, app_secret=BUSINESS_APP_SECRET)
    panel.get_by_text("Votre compte est maintenant connecté !").wait_for()
    expect(panel.get_by_test_id("whatsapp-display-number")).to_have_text(f"{SHOWN_NUMBER} — {VERIFIED_NAME}")
    connection = WhatsAppConnection.objects.get(owner=owner)
    assert connection.is_connected and decrypt_token(connection.token_ciphertext) == TOKEN
    assert decrypt_token(connection.app_secret_ciphertext) == BUSINESS_APP_SECRET
    assert [c.path for c in meta.calls][-1] == f"/v23.0/{WABA_ID}/subscribed_apps"
    expect(checklist_item).to_have_count(0)  # the home page's checklist follows at once

    # The dashboard itself shows the connected number and its name, after a reload too.
    page.reload()
    summary = page.get_by_test_id("whatsapp-connected-summary")
    expect(summary).to_contain_text(SHOWN_NUMBER)
    expect(summary).to_contain_text(VERIFIED_NAME)
    summary.scroll_into_view_if_needed()
    expect(summary.get_by_role("button", name="Gérer WhatsApp")).to_be_in_viewport()
    # Nothing on the page still asks to connect the number.
    expect(page.get_by_role("button", name="Connecter WhatsApp")).to_have_count(0)
    expect(page.get_by_text("Votre numéro WhatsApp est connecté", exact=False)).to_be_visible()
    assert_no_horizontal_overflow(page)

    # A customer writes: Meta posts the message signed by the business's app, and it is received.
    raw, signature = webhook.signed(
        webhook.payload(messages=[webhook.message(body={"body": "Bonsoir, vous livrez à Cocody ?"})]),
        BUSINESS_APP_SECRET,
    )
    delivered = requests.post(
        live_url + webhook.WEBHOOK_URL,
        data=raw,
        headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature},
        timeout=20,
    )
    assert delivered.status_code == 200
    page.goto(live_url + "/dashboard/conversations")
    page.get_by_test_id("conversation-row").first.click()
    expect(page.get_by_test_id("messages")).to_contain_text("Bonsoir, vous livrez à Cocody ?")
    expect(page.get_by_test_id("contact-number")).to_have_text(SHOWN_NUMBER)
    assert [e for e in console.errors if "400" not in e] == []


def test_after_meta_refused_the_token_the_dashboard_asks_to_reconnect_and_the_owner_does(page, live_url, meta, console):
    connection = WhatsAppConnectionFactory(owner=UserFactory(), token="EAAGrevoked", token_invalid_at=timezone.now())
    page.set_viewport_size(PHONE)
    sign_in_through_api(page, live_url, connection.owner.adresse_email)

    banner = page.get_by_test_id("whatsapp-reconnect-banner")
    expect(banner).to_be_visible()
    page.get_by_role("button", name="Reconnecter WhatsApp").first.click()
    panel = page.get_by_test_id("whatsapp-panel")
    panel.get_by_text("Reconnectez WhatsApp").wait_for()
    panel.get_by_role("button", name="Configuration manuelle").click()
    fill_manual_form(panel, token=TOKEN)

    panel.get_by_text("Votre compte est maintenant connecté !").wait_for()
    expect(banner).to_have_count(0)
    connection.refresh_from_db()
    assert connection.token_invalid_at is None and decrypt_token(connection.token_ciphertext) == TOKEN
    assert console.errors == []
