"""Issue 8 in the dashboard: the home page's quick action opens the WhatsApp panel (a fake Facebook
SDK served at the real SDK's URL by Playwright), and the panel never blocks the rest of the dashboard."""

import pytest
from playwright.sync_api import expect

from integrations.models import WhatsAppConnection
from integrations.tests.fake_facebook import FB_TOKEN, SDK_CANCELLED, SDK_SUCCESS, SDK_URL, route_facebook_sdk

from .dashboard_helpers import DESKTOP, PHONE, sign_in_demo

pytestmark = [pytest.mark.browser]

APP_ID = "1234567890"


@pytest.fixture
def secure_page(page, settings):
    """live_server speaks http: mark the page secure through the panel's documented test-only flag."""
    settings.FACEBOOK_APP_ID = APP_ID
    page.add_init_script("window.__FLUX_TEST_SECURE_PAGE__ = true")
    return page


def open_panel(page):
    page.get_by_role("region", name="Actions rapides").get_by_role("button", name="Connecter WhatsApp").click()
    panel = page.get_by_test_id("whatsapp-panel")
    panel.wait_for()
    return panel


def test_the_quick_action_opens_the_panel_and_a_successful_facebook_login_connects_whatsapp(
    secure_page, console, live_url, demo_user, webhook
):
    page = secure_page
    page.set_viewport_size(DESKTOP)
    sdk_requests = route_facebook_sdk(page, SDK_SUCCESS)
    sign_in_demo(page, live_url)
    page.get_by_role("heading", name="Bienvenue Aya !").wait_for()
    assert sdk_requests == [], "the SDK is downloaded only when the panel opens"

    panel = open_panel(page)
    connect = panel.get_by_role("button", name="Connecter", exact=True)
    expect(connect).to_be_enabled()  # once the SDK is ready (500 ms poll)
    connect.click()
    panel.get_by_text("Votre compte est maintenant connecté !").wait_for()
    assert sdk_requests == [SDK_URL]
    assert page.evaluate("window.__fbInitCalls")[0]["appId"] == APP_ID
    [received] = webhook.received
    assert received.json()["token"] == FB_TOKEN
    assert WhatsAppConnection.objects.get(owner=demo_user).status == "connected"
    assert console.csp_violations() == []
    assert console.errors == []


def test_a_cancelled_facebook_login_says_so_and_connects_nothing(secure_page, console, live_url, demo_user, webhook):
    page = secure_page
    page.set_viewport_size(DESKTOP)
    route_facebook_sdk(page, SDK_CANCELLED)
    sign_in_demo(page, live_url)
    panel = open_panel(page)
    panel.get_by_role("button", name="Connecter", exact=True).click()
    panel.get_by_text("La connexion a été annulée.").wait_for()
    assert webhook.received == []
    assert not WhatsAppConnection.objects.filter(owner=demo_user, status="connected").exists()
    assert console.csp_violations() == []
    assert console.errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_open_panel_never_blocks_the_rest_of_the_dashboard(secure_page, console, live_url, demo_user, viewport):
    page = secure_page
    page.set_viewport_size(viewport)
    route_facebook_sdk(page, SDK_SUCCESS)
    sign_in_demo(page, live_url)
    panel = open_panel(page)
    assert panel.get_attribute("aria-modal") is None
    assert page.locator("[aria-modal=true]").count() == 0

    # Other controls of the page still answer while the panel is open.
    page.get_by_role("link", name="Configurer l'IA").first.click()
    page.wait_for_url(live_url + "/dashboard/profile#configuration-ia")
    page.go_back()
    panel = open_panel(page)
    if viewport is PHONE:
        page.get_by_role("button", name="Ouvrir le menu").click()
        page.get_by_role("dialog", name="Menu du tableau de bord").get_by_role("link", name="Logistique").click()
    else:
        page.get_by_test_id("sidebar").get_by_role("link", name="Logistique").click()
    page.wait_for_url(live_url + "/dashboard/logistics")
    page.get_by_role("heading", name="Logistique", exact=True).wait_for()
    assert console.errors == []
