"""What each screen costs a phone over paid data, in gzip JavaScript (issue: the login screen cost
183 KB). Chromium at 390 px, cold cache; every JavaScript response is gzipped here (-9) and counted.

- /auth/login: at most 130 KB until the screen is usable and the network is quiet;
- each dashboard page reached from the sidebar: at most 30 KB of chunks it is the first to need.
"""

import gzip
import re
import time

import pytest

from accounts.tests.factories import UserFactory

from .dashboard_helpers import DESKTOP, PHONE, sign_in_through_api

pytestmark = [pytest.mark.browser]

LOGIN_BUDGET = 130 * 1024
ROUTE_BUDGET = 30 * 1024


class ScriptMeter:
    """Every JavaScript file the page downloads, with its gzip size."""

    def __init__(self, page):
        self.sizes: dict[str, int] = {}
        self.last = time.monotonic()
        page.on("response", self._on_response)

    def _on_response(self, response):
        if re.search(r"\.js(\?|$)", response.url) and response.ok:
            self.sizes[response.url.rsplit("/", 1)[-1]] = len(gzip.compress(response.body(), compresslevel=9))
            self.last = time.monotonic()

    def settle(self, page, quiet: float = 0.8, timeout: float = 15) -> None:
        """Wait until no script has arrived for ``quiet`` seconds (lazy chunks included)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() - self.last < quiet and time.monotonic() < deadline:
            page.wait_for_timeout(100)

    def total(self, names=None) -> int:
        return sum(size for name, size in self.sizes.items() if names is None or name in names)


def test_the_login_screen_costs_at_most_130_kb_of_javascript(page, live_url):
    page.set_viewport_size(PHONE)
    meter = ScriptMeter(page)

    page.goto(f"{live_url}/auth/login")
    page.get_by_role("button", name="Se connecter").wait_for()
    page.wait_for_load_state("networkidle")
    meter.settle(page)

    print(f"\n/auth/login: {meter.total() / 1024:.1f} KB gzip JavaScript {meter.sizes}")
    assert meter.total() <= LOGIN_BUDGET, f"{meter.total() / 1024:.1f} KB: {meter.sizes}"
    assert not any("query" in name for name in meter.sizes), "React Query waits behind the dashboard"


def test_each_dashboard_page_needs_at_most_30_kb_of_its_own_javascript(page, live_url):
    page.set_viewport_size(DESKTOP)
    meter = ScriptMeter(page)
    owner = UserFactory(plan_abonnement="pro")
    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard")
    page.get_by_role("heading", name=re.compile("^Bienvenue")).first.wait_for()
    meter.settle(page)
    before_all = set(meter.sizes)
    navigation = page.get_by_role("navigation", name="Navigation du tableau de bord")
    own = {}
    for label, heading in [
        ("Conversations IA", "Conversations IA"),
        ("Commandes", "Commandes"),
        ("Catalogue", "Catalogue"),
        ("Ma boutique", "Ma boutique"),
        ("Tester l'assistant", "Tester l'assistant"),
        ("Emails résumés", "Emails résumés"),
        ("Campagnes", "Campagnes"),
        ("Logistique", "Logistique"),
        ("Statistiques", "Statistiques et prévisions"),
        ("Profil", "Mon profil"),
    ]:
        before = set(meter.sizes)
        navigation.get_by_role("link", name=label, exact=True).click()
        page.get_by_role("heading", name=heading, exact=True).first.wait_for()
        meter.settle(page)
        own[label] = meter.total(set(meter.sizes) - before)

    figures = {label: f"{size / 1024:.1f} KB" for label, size in own.items()}
    print("\nown chunks:", figures, f"/dashboard: {meter.total(before_all) / 1024:.1f} KB")
    over = {label: f"{size / 1024:.1f} KB" for label, size in own.items() if size > ROUTE_BUDGET}
    assert not over, f"over 30 KB: {over}; all: {own}"
