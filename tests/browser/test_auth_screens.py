"""Every auth screen at a phone's width and a laptop's: nothing overflows, no console error.

The screenshots land in the pytest tmp folder for a person to look at (FLUX_SCREENSHOTS=dir keeps
them somewhere else).
"""

import os
from pathlib import Path

import pytest

from subscriptions.services import user_plan_set

from .conftest import on_protected_page, sign_in

pytestmark = [pytest.mark.browser]

WIDTHS = {"mobile": 390, "desktop": 1280}

VISITOR_SCREENS = {
    "auth": ("/auth", "Bienvenue sur Flux IA"),
    "login": ("/auth/login", "Connexion"),
    "register": ("/auth/register", "Créer votre compte"),
    "quick-register": ("/auth/quick-register", "Créer un compte rapide"),
    "forgot-password": ("/auth/forgot-password", "Mot de passe oublié"),
}


def shots_dir(tmp_path) -> Path:
    target = Path(os.environ.get("FLUX_SCREENSHOTS", tmp_path))
    target.mkdir(parents=True, exist_ok=True)
    return target


def assert_fits(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page.url} overflows by {overflow}px"


@pytest.mark.parametrize("screen", WIDTHS)
def test_the_visitor_screens_fit_and_log_no_error(page, console, live_url, tmp_path, screen):
    page.set_viewport_size({"width": WIDTHS[screen], "height": 900})
    folder = shots_dir(tmp_path)
    for name, (path, heading) in VISITOR_SCREENS.items():
        page.goto(live_url + path)
        page.get_by_role("heading", name=heading, level=1).wait_for()
        assert_fits(page)
        page.screenshot(path=str(folder / f"{name}-{screen}.png"), full_page=True)
    # The registration form with every error showing is the widest state of that screen.
    page.goto(live_url + "/auth/register")
    page.get_by_role("button", name="Créer mon compte").click()
    page.get_by_text("Veuillez sélectionner un pays").or_(
        page.get_by_text("Numéro de téléphone trop court")
    ).first.wait_for()
    assert_fits(page)
    page.screenshot(path=str(folder / f"register-errors-{screen}.png"), full_page=True)

    page.evaluate("sessionStorage.setItem('pending_email', 'aminata.toure@example.ci')")
    page.goto(live_url + "/auth/otp")
    page.get_by_role("heading", name="Vérifiez votre compte").wait_for()
    assert_fits(page)
    page.screenshot(path=str(folder / f"otp-{screen}.png"), full_page=True)
    assert console.errors == []


@pytest.mark.parametrize("screen", WIDTHS)
def test_the_signed_in_screens_fit_and_log_no_error(page, console, live_url, tmp_path, screen, verified_user):
    page.set_viewport_size({"width": WIDTHS[screen], "height": 900})
    folder = shots_dir(tmp_path)
    sign_in(page, live_url, verified_user.adresse_email)
    # The dashboard's own layout is the dashboard issue's to check; this only keeps a picture.
    page.screenshot(path=str(folder / f"dashboard-{screen}.png"), full_page=True)
    page.goto(live_url + "/dashboard/analytics")
    page.get_by_role("heading", name="Accès non autorisé").wait_for()
    assert_fits(page)
    page.screenshot(path=str(folder / f"unauthorized-{screen}.png"), full_page=True)
    assert console.errors == []
    user_plan_set(user=verified_user, plan_code="pro")
    page.goto(live_url + "/dashboard/analytics")
    on_protected_page(page, live_url + "/dashboard/analytics")
