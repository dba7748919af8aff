"""The Statistiques page's forecasts on a phone (390 px): the demo's restock alert, demand per
product with its range and honesty lines, the heat map, the late regulars linked to Conversations,
and the home page's card."""

import re

import pytest

from .dashboard_helpers import PHONE, assert_no_horizontal_overflow, sign_in_demo

pytestmark = [pytest.mark.browser]


def test_the_forecasts_show_on_a_phone_with_the_heat_map_and_the_restock_alert(page, console, live_url, demo_user):
    page.set_viewport_size(PHONE)
    sign_in_demo(page, live_url, "/dashboard/analytics")

    alert = page.get_by_test_id("restock-alert").first
    alert.wait_for()
    assert re.match(r"Au rythme actuel, vous n'aurez plus de pagne wax 6 yards \w+", alert.inner_text())

    products = page.get_by_test_id("forecast-product")
    assert products.count() == 9
    regular = products.filter(has_text="Pagne wax 6 yards")
    assert re.search(r"entre \d+ et \d+", regular.inner_text())
    assert (
        "Basée sur" in regular.inner_text() and "Testée comme si nous étions il y a 4 semaines" in regular.inner_text()
    )
    late_launch = products.filter(has_text="Tissu bazin")
    assert "Il faut 8 semaines de ventes" in late_launch.inner_text()
    assert not re.search(r"entre \d+ et \d+", late_launch.inner_text())  # too little history: no number

    heatmap = page.get_by_test_id("heatmap")
    heatmap.scroll_into_view_if_needed()
    assert heatmap.get_by_test_id("heat-cell").count() == 7 * 16
    assert "Créneaux les plus chargés" in heatmap.inner_text()

    late = page.get_by_test_id("late-customers")
    assert "commandent chaque semaine" in late.inner_text() or "commande chaque semaine" in late.inner_text()
    late.get_by_role("link", name="Ouvrir la conversation").first.click()
    page.wait_for_url(re.compile(r"/dashboard/conversations\?conversation=\d+"))

    page.goto(live_url + "/dashboard/analytics")
    page.get_by_test_id("forecast").wait_for()
    assert_no_horizontal_overflow(page)
    assert console.errors == []


def test_the_home_page_shows_the_week_ahead_and_the_alert(page, console, live_url, demo_user):
    page.set_viewport_size(PHONE)
    sign_in_demo(page, live_url)

    card = page.get_by_test_id("forecast-home")
    card.wait_for()
    assert "Chiffre d'affaires attendu sur 7 jours" in card.inner_text()
    assert "Au rythme actuel, vous n'aurez plus de pagne wax" in card.inner_text()
    card.get_by_role("link", name="Voir les prévisions").click()
    page.wait_for_url(re.compile(r"/dashboard/analytics$"))
    assert console.errors == []
