"""Every dashboard page as the demo account, at 390 and 1280 px: it fits, it is French, no console error.

Screenshots land in $DASHBOARD_SCREENSHOTS (or the test's tmp folder) for a person to look at.
"""

import os
from pathlib import Path

import pytest

from .dashboard_helpers import DASHBOARD_PAGES, WIDTHS, assert_no_horizontal_overflow, sign_in_demo

pytestmark = [pytest.mark.browser]

# Words that would betray an untranslated screen (the UI is French only).
ENGLISH = [
    "Loading",
    "Error",
    "Retry",
    "Submit",
    "Cancel",
    "Save",
    "Search",
    "Settings",
    "Logout",
    "undefined",
    "NaN",
    "null",
]


def screenshots_dir(tmp_path) -> Path:
    folder = Path(os.environ.get("DASHBOARD_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("screen", WIDTHS)
def test_every_dashboard_page_fits_speaks_french_and_logs_no_error(
    page, console, live_url, tmp_path, screen, demo_user
):
    page.set_viewport_size(WIDTHS[screen])
    folder = screenshots_dir(tmp_path)
    sign_in_demo(page, live_url)
    for path, heading in DASHBOARD_PAGES.items():
        if page.url != live_url + path:
            if screen == "phone":
                # On a phone the sidebar is a sheet: open it and follow the link, as a person would.
                page.get_by_role("button", name="Ouvrir le menu").click()
                sheet = page.get_by_role("dialog", name="Menu du tableau de bord")
                sheet.get_by_role("link", name=nav_label(path)).click()
                sheet.wait_for(state="detached")
            else:
                page.get_by_test_id("sidebar").get_by_role("link", name=nav_label(path)).click()
        page.wait_for_url(live_url + path)
        page.get_by_role("heading", name=heading, exact=True).wait_for()
        page.get_by_test_id("skeleton").first.wait_for(state="detached")
        page.wait_for_load_state("networkidle")
        assert_no_horizontal_overflow(page)
        text = page.locator("body").inner_text()
        found = [word for word in ENGLISH if f" {word} " in f" {text} ".replace("\n", " ")]
        assert found == [], f"{path}: {found}"
        name = path.strip("/").replace("/", "-")
        page.screenshot(path=str(folder / f"{name}-{screen}.png"), full_page=True)
    assert console.errors == []


def nav_label(path: str) -> str:
    return {
        "/dashboard": "Accueil",
        "/dashboard/conversations": "Conversations IA",
        "/dashboard/emails": "Emails résumés",
        "/dashboard/campagnes": "Campagnes",
        "/dashboard/logistics": "Logistique",
        "/dashboard/analytics": "Statistiques",
        "/dashboard/profile": "Profil",
    }[path]
