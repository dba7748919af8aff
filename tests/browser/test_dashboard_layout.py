"""The dashboard's frame in Chromium: sidebar, shortcut and cookie, sheet on a phone, user menu, lock."""

import re
import time

import pytest
from playwright.sync_api import expect

from .dashboard_helpers import (
    DESKTOP,
    PHONE,
    sidebar_cookie,
    sign_in_demo,
    sign_in_through_api,
)

pytestmark = [pytest.mark.browser]


def wait_for_width(locator, width: float, timeout: float = 5.0) -> None:
    """The page's CSP forbids eval, so no wait_for_function: poll the box (the width animates)."""
    deadline = time.monotonic() + timeout
    while locator.bounding_box()["width"] != width:
        assert time.monotonic() < deadline, f"width stayed {locator.bounding_box()['width']}, expected {width}"
        time.sleep(0.05)


NAV_LABELS = ["Accueil", "Conversations IA", "Emails résumés", "Campagnes", "Logistique", "Statistiques", "Profil"]


def test_the_sidebar_lists_the_sections_and_shows_who_is_signed_in(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url)
    nav = page.get_by_role("navigation", name="Navigation du tableau de bord")
    nav.get_by_role("link", name="Accueil").wait_for()
    for label in NAV_LABELS:
        assert nav.get_by_role("link", name=label, exact=True).is_visible()
    footer = page.get_by_test_id("sidebar-footer")
    assert "AK" in footer.inner_text()
    assert "Aya Koné" in footer.inner_text()
    assert "demo@flux-ia.ci" in footer.inner_text()
    assert footer.get_by_test_id("plan-badge").inner_text() == "Pro"
    assert footer.get_by_role("img", name="Compte vérifié").is_visible()
    header_badge = page.locator("header").get_by_test_id("plan-badge")
    assert header_badge.inner_text() == "Pro"
    assert console.errors == []


def test_ctrl_b_collapses_the_sidebar_to_icons_and_the_cookie_keeps_it_for_seven_days(
    page, console, live_url, demo_user
):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url)
    sidebar = page.get_by_test_id("sidebar")
    sidebar.get_by_role("link", name="Accueil").wait_for()
    assert sidebar.get_attribute("data-state") == "expanded"
    assert sidebar.bounding_box()["width"] == 256  # 16rem

    page.keyboard.press("Control+b")
    wait_for_width(page.get_by_test_id("sidebar"), 48)  # 3rem
    assert sidebar.get_attribute("data-state") == "collapsed"
    cookie = sidebar_cookie(page)
    assert cookie["value"] == "false"
    assert cookie["path"] == "/"
    assert abs(cookie["expires"] - (time.time() + 604800)) < 60
    # The labels stay readable to assistive technology, the links still work.
    sidebar.get_by_role("link", name="Logistique").click()
    page.wait_for_url(live_url + "/dashboard/logistics")

    page.reload()
    page.get_by_test_id("sidebar").get_by_role("link", name="Accueil").wait_for()
    assert page.get_by_test_id("sidebar").get_attribute("data-state") == "collapsed"

    page.keyboard.press("Meta+b")
    wait_for_width(page.get_by_test_id("sidebar"), 256)
    assert sidebar_cookie(page)["value"] == "true"
    assert console.errors == []


def test_on_a_phone_the_sidebar_is_an_18rem_sheet_that_closes_after_navigating(page, console, live_url, demo_user):
    page.set_viewport_size(PHONE)
    sign_in_demo(page, live_url)
    page.get_by_role("heading", name="Bienvenue Aya !").wait_for()
    assert not page.get_by_test_id("sidebar").is_visible()

    page.get_by_role("button", name="Ouvrir le menu").click()
    sheet = page.get_by_role("dialog", name="Menu du tableau de bord")
    sheet.wait_for()
    assert sheet.bounding_box()["width"] == 288  # 18rem
    sheet.get_by_role("link", name="Emails résumés").click()
    page.wait_for_url(live_url + "/dashboard/emails")
    sheet.wait_for(state="detached")

    page.keyboard.press("Control+b")
    sheet.wait_for()
    page.keyboard.press("Escape")
    sheet.wait_for(state="detached")
    assert sidebar_cookie(page) is None, "the phone's sheet does not change the desktop preference"
    assert console.errors == []


def test_the_user_menu_opens_the_profile_the_settings_and_logs_out(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url)
    menu_button = page.get_by_role("button", name=re.compile("Aya Koné"))
    menu_button.click()
    page.get_by_role("link", name="Mon profil").click()
    page.wait_for_url(live_url + "/dashboard/profile")
    # The menu closes with the navigation, and again when the page's chunk has loaded and the route
    # changes in React (the URL changes before): a click before then would be closed under the test.
    page.get_by_role("main").get_by_role("heading", name="Mon profil").wait_for()
    expect(menu_button).to_have_attribute("aria-expanded", "false")

    menu_button.click()
    page.get_by_role("link", name="Paramètres").click()
    page.wait_for_url(live_url + "/dashboard/profile#parametres")
    expect(menu_button).to_have_attribute("aria-expanded", "false")

    menu_button.click()
    with page.expect_response("**/api/v1/auth/logout"):
        page.locator("header").get_by_role("button", name="Déconnexion").click()
    toast = page.locator("[data-toast=success]").filter(has_text="Déconnexion réussie")
    toast.wait_for()
    assert "À bientôt !" in toast.inner_text()
    page.wait_for_url(live_url + "/")
    assert console.errors == []


def test_a_gratuit_account_sees_statistics_dimmed_with_a_crown_and_is_refused_on_the_url(
    page, console, live_url, gratuit_user
):
    page.set_viewport_size(DESKTOP)
    sign_in_through_api(page, live_url, gratuit_user.adresse_email)
    nav = page.get_by_role("navigation", name="Navigation du tableau de bord")
    nav.get_by_role("link", name="Accueil").wait_for()
    assert nav.get_by_role("link", name=re.compile("Statistiques")).count() == 0
    locked = nav.locator("[data-locked=true]")
    assert "Statistiques" in locked.inner_text()
    assert locked.get_attribute("aria-disabled") == "true"
    assert float(locked.evaluate("el => getComputedStyle(el).opacity")) < 1
    assert locked.locator("[data-icon=crown]").count() == 1
    locked.click(force=True)
    assert page.url == live_url + "/dashboard"
    assert page.get_by_test_id("sidebar-footer").get_by_test_id("plan-badge").inner_text() == "Gratuit"

    page.goto(live_url + "/dashboard/analytics")
    page.get_by_role("heading", name="Accès non autorisé").wait_for()
    assert console.errors == []
