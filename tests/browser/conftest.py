"""Helpers of the auth browser tests: accounts, the code read from the SMTP sink, a signed-in page."""

import json
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.tests.factories import PASSWORD, UnverifiedUserFactory, UserFactory
from conftest import body_text
from integrations.tests import conftest as integrations_fixtures

from .dashboard_helpers import DEMO_EMAIL

CODE_RE = re.compile(r"^\s*(\d{6})\s*$", re.MULTILINE)

__all__ = ["PASSWORD", "code_sent_to", "expire_codes_of", "local_storage", "log_out", "on_protected_page", "sign_in"]


def code_sent_to(smtp_sink, address: str, *, after: int = 0) -> str:
    """The 6-digit code of the (after+1)-th e-mail sent to ``address``, read from its text."""

    def for_address(message) -> bool:
        return address in str(message["To"])

    smtp_sink.wait_for(lambda m: len([x for x in smtp_sink.messages if for_address(x)]) > after)
    message = [m for m in smtp_sink.messages if for_address(m)][after]
    match = CODE_RE.search(body_text(message))
    assert match, f"no code alone on a line in:\n{body_text(message)}"
    return match.group(1)


def expire_codes_of(user) -> None:
    """Force the user's live codes past their expiry, as the server's clock would."""
    user.one_time_codes.filter(used_at__isnull=True).update(expires_at=timezone.now() - timedelta(seconds=1))


def local_storage(page) -> dict:
    return json.loads(page.evaluate("JSON.stringify(Object.assign({}, window.localStorage))"))


def on_protected_page(page, url: str) -> None:
    """Wait until ``url`` shows its own content: past the session check, not refused, not the login.

    It reads no dashboard text, so it holds whatever the dashboard pages become.
    """
    page.wait_for_url(url)
    # Polled from here: wait_for_function compiles its source in the page, which the CSP forbids.
    for _ in range(300):
        ready = page.evaluate(
            """() => !!document.querySelector('#root main, #root h1')
                && !document.body.innerText.includes('Vérification de votre session...')
                && ![...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Se connecter')"""
        )
        if ready:
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError(f"{url} never got past the session check")
    assert page.get_by_role("heading", name="Accès non autorisé").count() == 0
    assert page.get_by_role("button", name="Se connecter").count() == 0


def sign_in(page, live_url: str, email: str, password: str = PASSWORD) -> None:
    """Log in through the login screen and wait for the dashboard's greeting."""
    page.goto(live_url + "/auth/login")
    page.locator("input[name=adresse_email]").fill(email)
    page.locator("input[name=mot_de_passe]").fill(password)
    page.get_by_role("button", name="Se connecter").click()
    on_protected_page(page, live_url + "/dashboard")
    page.get_by_role("heading", name=re.compile("^Bienvenue")).first.wait_for()


def log_out(page) -> None:
    """Click Déconnexion, opening the user menu first when the dashboard keeps it there."""
    button = page.get_by_role("button", name="Déconnexion").or_(page.get_by_role("menuitem", name="Déconnexion"))
    if not button.first.is_visible():
        page.get_by_role("button", name=re.compile("^Menu utilisateur")).click()
    button.first.click()


@pytest.fixture
def verified_user(live_url):
    return UserFactory(prenom="Awa", nom="Koné")


@pytest.fixture
def unverified_user(live_url):
    return UnverifiedUserFactory(prenom="Yao", nom="Kouassi")


# The dashboard tests' accounts (their helpers live in dashboard_helpers.py).


@pytest.fixture
def demo_user(live_url):
    """The verified pro account ``manage.py seed_demo`` creates, with its sample data."""
    from accounts.models import User

    call_command("seed_demo", stdout=open("/dev/null", "w"))
    return User.objects.get(adresse_email=DEMO_EMAIL)


@pytest.fixture
def gratuit_user(live_url):
    """A new verified account on the free plan: no data, no statistics."""
    return UserFactory(prenom="Koffi", nom="Yao")


# The WhatsApp panel's tests reuse the integrations tests' fake webhook over TLS.
tls_certificate = integrations_fixtures.tls_certificate
webhook = integrations_fixtures.webhook
