"""The account's switch for the driver's phone on the tracking pages: off by default, owner only."""

import pytest

from aftersales.models import AftersalesSettings
from conversations.models import Conversation

URL = "/api/v1/aftersales/settings"

pytestmark = [pytest.mark.django_db, pytest.mark.urls("aftersales.tests.urls")]


def test_the_switch_is_off_until_the_owner_turns_it_on(owner_api, owner):
    assert owner_api.get(URL).json() == {"show_driver_phone": False}

    response = owner_api.patch(URL, {"show_driver_phone": True}, format="json")

    assert response.status_code == 200 and response.json() == {"show_driver_phone": True}
    assert owner_api.get(URL).json() == {"show_driver_phone": True}
    assert AftersalesSettings.objects.get(owner=owner).show_driver_phone is True
    assert Conversation.objects.count() == 0


def test_a_bad_body_gets_a_french_400(owner_api):
    response = owner_api.patch(URL, {"show_driver_phone": "peut-être"}, format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "validation_error" and "show_driver_phone" in body["errors"]


def test_it_needs_a_signed_in_owner(api_client):
    assert api_client.get(URL).status_code == 401
    assert api_client.patch(URL, {"show_driver_phone": True}, format="json").status_code == 401
