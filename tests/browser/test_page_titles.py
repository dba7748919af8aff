"""Each screen has its own French <title>, and no page load warns about React Router's missing
HydrateFallback (issue: the same title everywhere and a warning on every load)."""

import pytest

from accounts.tests.factories import UserFactory

from .dashboard_helpers import WIDTHS, sign_in_through_api

pytestmark = [pytest.mark.browser]


def test_titles_follow_the_screen_and_no_load_warns(page, live_url):
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type in ("warning", "error") else None)
    page.set_viewport_size(WIDTHS["phone"])

    page.goto(f"{live_url}/auth/login")
    page.get_by_role("button", name="Se connecter").wait_for()
    assert page.title() == "Connexion · Flux IA"

    owner = UserFactory(plan_abonnement="pro")
    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/orders")
    page.get_by_role("heading", name="Commandes", exact=True).wait_for()
    assert page.title() == "Commandes · Flux IA"

    # A client-side navigation (the sidebar, on a wide screen) renames the tab too.
    page.set_viewport_size(WIDTHS["desktop"])
    page.get_by_role("link", name="Ma boutique").first.click()
    page.get_by_role("heading", name="Ma boutique", exact=True).wait_for()
    assert page.title() == "Ma boutique · Flux IA"

    page.goto(f"{live_url}/dashboard/nulle-part")
    page.wait_for_load_state("networkidle")
    assert page.title() == "Page introuvable · Flux IA"

    assert not [w for w in warnings if "HydrateFallback" in w], warnings
