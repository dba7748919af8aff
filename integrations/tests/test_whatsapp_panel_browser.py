"""The WhatsApp panel in headless Chromium, against the real API on live_server.

The dashboard page that will host the panel is not built yet, so these tests mount the panel on a
small harness page: esbuild bundles ``frontend/src/features/whatsapp`` with React, and Playwright
serves it at https://flux.test (a real secure context, so no test override of the HTTPS check)
with the dashboard's Content-Security-Policy from ``integrations.csp.dashboard_csp_policy``. API
calls are forwarded to live_server; the relay reaches the fake token webhook over TLS; the
Facebook SDK URL is answered by a fake SDK script. The dashboard's own browser tests (quick action
opening the panel inside the real app) come with the dashboard.
"""

import json
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.csp import build_policy
from playwright.sync_api import expect
from rest_framework_simplejwt.tokens import RefreshToken

from accounts.tests.factories import UserFactory
from integrations.crypto import decrypt_token
from integrations.csp import dashboard_csp_policy
from integrations.models import WhatsAppConnection
from integrations.services import MSG_CONFIGURATION_FAILED

from .factories import WhatsAppConnectionFactory
from .fake_facebook import FB_TOKEN, SDK_CANCELLED, SDK_SUCCESS, SDK_URL, SIGNUP_CODE, fake_sdk, route_facebook_sdk

pytestmark = pytest.mark.browser

FEATURE_DIR = Path(settings.BASE_DIR) / "frontend" / "src" / "features" / "whatsapp"
FRONTEND_DIR = Path(settings.BASE_DIR) / "frontend"
SECURE_ORIGIN = "https://flux.test"
APP_ID = "1234567890"

HARNESS_ENTRY = """
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { WhatsAppConnectPanel } from "./index";
createRoot(document.getElementById("root")).render(
  createElement(QueryClientProvider, { client: new QueryClient() }, createElement(WhatsAppConnectPanel)),
);
"""

HARNESS_HTML = """<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Panneau WhatsApp</title></head>
<body>
<script id="flux-config" type="application/json">{config}</script>
<main><div id="root"></div><button id="elsewhere" type="button">Autre action du tableau de bord</button></main>
<script src="/harness.js"></script>
</body></html>"""


@pytest.fixture(scope="session")
def panel_bundle() -> bytes:
    result = subprocess.run(
        [
            str(FRONTEND_DIR / "node_modules" / ".bin" / "esbuild"),
            "--bundle",
            "--format=iife",
            "--loader=tsx",
            "--jsx=automatic",
            f"--tsconfig={FRONTEND_DIR / 'tsconfig.json'}",
            '--define:process.env.NODE_ENV="production"',
            "--log-level=error",
        ],
        input=HARNESS_ENTRY.encode(),
        cwd=FEATURE_DIR,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


class Harness:
    def __init__(self, page, live_url: str, bundle: bytes):
        self.page = page
        self.live_url = live_url
        self.bundle = bundle
        self.sdk_requests: list[str] = []
        self.api_requests: list[str] = []

    def open(
        self, *, user, sdk: str | None, origin: str = SECURE_ORIGIN, policy: dict | None = None, config_id: str = ""
    ) -> None:
        """Serve the harness page at ``origin`` signed in as ``user``; ``sdk=None`` makes the SDK 404."""
        token = str(RefreshToken.for_user(user).access_token)
        page = self.page
        page.add_init_script(f"window.localStorage.setItem('flux_access_token', {json.dumps(token)});")
        html = HARNESS_HTML.format(config=json.dumps({"facebook_app_id": APP_ID, "facebook_config_id": config_id}))
        csp = build_policy(policy if policy is not None else dashboard_csp_policy())
        page.route(
            f"{origin}/",
            lambda route: route.fulfill(
                body=html, content_type="text/html; charset=utf-8", headers={"Content-Security-Policy": csp}
            ),
        )
        page.route(
            f"{origin}/harness.js", lambda route: route.fulfill(body=self.bundle, content_type="application/javascript")
        )

        def forward_api(route):
            path = route.request.url[len(origin) :]
            self.api_requests.append(f"{route.request.method} {path}")
            route.fulfill(response=route.fetch(url=self.live_url + path))

        page.route(f"{origin}/api/**", forward_api)

        self.sdk_requests = route_facebook_sdk(page, sdk)
        page.goto(f"{origin}/")

    def connect_button(self):
        return self.page.get_by_role("button", name="Connecter", exact=True)


@pytest.fixture
def harness(page, live_url, panel_bundle):
    return Harness(page, live_url, panel_bundle)


@pytest.fixture
def live_owner(live_url):
    """An account created once the live server's database is writable (transactional)."""
    return UserFactory()


def test_a_person_connects_whatsapp_and_the_token_reaches_the_webhook_encrypted_at_rest(
    harness, live_owner, webhook, console
):
    harness.open(user=live_owner, sdk=SDK_SUCCESS)
    page = harness.page

    button = harness.connect_button()
    expect(button).to_be_enabled()
    assert page.evaluate("window.__fbInitCalls") == [
        {"appId": APP_ID, "version": "v19.0", "cookie": True, "status": True, "xfbml": True}
    ]
    button.click()
    page.get_by_text("Votre compte est maintenant connecté !").wait_for()

    assert page.evaluate("window.__fbLoginOptions") == {
        "scope": "whatsapp_business_management,whatsapp_business_messaging"
    }
    assert page.get_by_role("button", name="Déconnecter").is_visible()
    assert harness.sdk_requests == [SDK_URL]
    [received] = webhook.received
    assert received.json()["token"] == FB_TOKEN
    assert FB_TOKEN not in received.path
    connection = WhatsAppConnection.objects.get(owner=live_owner)
    assert FB_TOKEN not in connection.token_ciphertext
    assert decrypt_token(connection.token_ciphertext) == FB_TOKEN
    assert console.csp_violations() == []
    assert console.errors == []


def test_embedded_signup_relays_the_code_and_the_ids_the_facebook_frame_posted(harness, live_owner, webhook, console):
    ids = {"waba_id": "102290129340398", "phone_number_id": "106540352242922"}
    sdk = fake_sdk(login_response={"status": "connected", "authResponse": {"code": SIGNUP_CODE}}, embedded_signup=ids)
    harness.open(user=live_owner, sdk=sdk, config_id="998877")

    harness.connect_button().click()
    harness.page.get_by_text("Votre compte est maintenant connecté !").wait_for()

    assert harness.page.evaluate("window.__fbLoginOptions") == {
        "scope": "whatsapp_business_management,whatsapp_business_messaging",
        "config_id": "998877",
        "response_type": "code",
        "override_default_response_type": True,
        "extras": {"sessionInfoVersion": "3"},
    }
    assert webhook.received[0].json() == {"token": SIGNUP_CODE, "token_type": "code", **ids}
    connection = WhatsAppConnection.objects.get(owner=live_owner)
    assert (connection.waba_id, connection.phone_number_id) == (ids["waba_id"], ids["phone_number_id"])
    # The signup frame on www.facebook.com is allowed by the dashboard policy's frame-src.
    assert console.csp_violations() == []


def test_the_site_wide_policy_would_block_the_sdk_so_the_dashboard_needs_its_own(harness, live_owner, console):
    harness.open(user=live_owner, sdk=SDK_SUCCESS, policy=settings.SECURE_CSP)

    harness.page.get_by_text("SDK Facebook non chargé. Veuillez rafraîchir la page.").wait_for()

    assert harness.connect_button().is_disabled()
    assert any("connect.facebook.net" in error for error in console.csp_violations())


def test_the_panel_says_when_the_sdk_cannot_be_loaded(harness, live_owner):
    harness.open(user=live_owner, sdk=None)

    harness.page.get_by_text("SDK Facebook non chargé. Veuillez rafraîchir la page.").wait_for()

    assert harness.connect_button().is_disabled()
    # The rest of the page stays usable while the panel shows its error.
    harness.page.locator("#elsewhere").click(timeout=2000)


def test_a_cancelled_facebook_login_says_so_and_sends_nothing(harness, live_owner, webhook):
    harness.open(user=live_owner, sdk=SDK_CANCELLED)
    expect(harness.connect_button()).to_be_enabled()

    harness.connect_button().click()
    harness.page.get_by_text("La connexion a été annulée.").wait_for()

    assert webhook.received == []
    assert not WhatsAppConnection.objects.filter(owner=live_owner).exists()
    assert harness.connect_button().is_enabled()


def test_a_failing_facebook_login_shows_the_login_error(harness, live_owner):
    harness.open(user=live_owner, sdk=fake_sdk(login_throws=True))
    expect(harness.connect_button()).to_be_enabled()

    harness.connect_button().click()

    harness.page.get_by_text("Erreur lors de la connexion.").wait_for()


def test_a_webhook_that_does_not_confirm_shows_the_configuration_error(harness, live_owner, webhook):
    webhook.answer(json_body={"status": "error"})
    harness.open(user=live_owner, sdk=SDK_SUCCESS)
    expect(harness.connect_button()).to_be_enabled()

    harness.connect_button().click()
    harness.page.get_by_text(MSG_CONFIGURATION_FAILED).wait_for()

    assert len(webhook.received) == 1
    assert not WhatsAppConnection.objects.filter(owner=live_owner).exists()


def test_an_http_page_asks_for_https_and_never_downloads_the_sdk(harness, live_owner):
    harness.open(user=live_owner, sdk=SDK_SUCCESS, origin="http://flux.test")

    harness.page.get_by_text("La connexion Facebook/WhatsApp nécessite une page en HTTPS.").wait_for()

    assert harness.connect_button().is_disabled()
    assert harness.sdk_requests == []


def test_an_account_already_connected_sees_it_without_the_sdk(harness, live_url):
    connection = WhatsAppConnectionFactory(owner=UserFactory(), phone_number_id="106540352242922")
    harness.open(user=connection.owner, sdk=SDK_SUCCESS)

    harness.page.get_by_text("Votre compte WhatsApp est déjà connecté.").wait_for()

    assert harness.page.get_by_text("106540352242922").is_visible()
    assert harness.sdk_requests == []
    assert harness.connect_button().count() == 0
