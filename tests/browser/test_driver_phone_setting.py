"""The Logistique page at phone width: the owner allows the customer's tracking page to show the
driver's phone, the choice is saved on the account and is still on after a reload."""

import pytest

from accounts.tests.factories import UserFactory
from aftersales.models import AftersalesSettings

from .dashboard_helpers import WIDTHS, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = [pytest.mark.browser]

LABEL = "Montrer le numéro du livreur aux clients"


def test_the_owner_shows_the_driver_phone_on_the_tracking_page(page, console, live_url):
    owner = UserFactory(prenom="Aya", nom="Koné")
    page.set_viewport_size(WIDTHS["phone"])
    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/logistics")
    card = page.get_by_role("region", name="Page de suivi des clients")
    switch = card.get_by_role("switch", name=LABEL)
    switch.wait_for()
    assert switch.get_attribute("aria-checked") == "false"
    assert "le prénom du livreur est toujours affiché" in card.inner_text()
    assert not AftersalesSettings.objects.filter(owner=owner, show_driver_phone=True).exists()
    assert_no_horizontal_overflow(page)

    switch.click()
    page.locator("[data-toast=success]").filter(has_text="Numéro du livreur affiché").wait_for()
    assert switch.get_attribute("aria-checked") == "true"
    assert AftersalesSettings.objects.get(owner=owner).show_driver_phone is True
    assert_no_horizontal_overflow(page)

    page.reload()
    switch = page.get_by_role("region", name="Page de suivi des clients").get_by_role("switch", name=LABEL)
    switch.wait_for()  # drawn once the saved settings are loaded
    assert switch.get_attribute("aria-checked") == "true"
    assert console.errors == []
