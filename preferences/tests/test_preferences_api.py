import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from preferences.models import AccountPreferences
from preferences.services import MSG_CLOSES_BEFORE_OPENS

URL = "/api/v1/preferences"

pytestmark = pytest.mark.django_db


def test_it_creates_the_spec_defaults_on_first_read(owner_api, owner):
    response = owner_api.get(URL)

    assert response.status_code == 200
    assert response.json()["notifications"] == {
        "new_messages": True,
        "ai_alerts": True,
        "delivery_updates": True,
        "weekly_reports": False,
    }
    ai = response.json()["ai"]
    assert ai["languages"] == ["fr", "en", "nouchi"]
    assert ai["language_labels"] == ["Français", "Anglais", "Nouchi"]
    assert ai["tone"] == "professionnel" and ai["tone_label"] == "Professionnel"
    assert ai["opening_hours"] == {
        "days": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
        "opens": "08:00",
        "closes": "20:00",
    }
    assert AccountPreferences.objects.filter(owner=owner).count() == 1


def test_it_saves_a_partial_change_and_reads_it_back(owner_api):
    response = owner_api.patch(
        URL,
        {
            "ai": {
                "languages": ["nouchi", "fr"],
                "tone": "amical",
                "business_description": "Pagnes wax à Treichville.",
                "opening_hours": {"opens": "09:30"},
            },
            "notifications": {"weekly_reports": True, "ai_alerts": False},
        },
        format="json",
    )

    assert response.status_code == 200
    again = owner_api.get(URL).json()
    assert again["ai"]["languages"] == ["fr", "nouchi"]
    assert again["ai"]["tone"] == "amical"
    assert again["ai"]["business_description"] == "Pagnes wax à Treichville."
    assert again["ai"]["opening_hours"]["opens"] == "09:30"
    assert again["ai"]["opening_hours"]["closes"] == "20:00"
    assert again["notifications"] == {
        "new_messages": True,
        "ai_alerts": False,
        "delivery_updates": True,
        "weekly_reports": True,
    }


def test_each_account_keeps_its_own_preferences(owner_api):
    owner_api.patch(URL, {"notifications": {"new_messages": False}}, format="json")
    other = APIClient()
    other.force_authenticate(UserFactory())

    assert other.get(URL).json()["notifications"]["new_messages"] is True


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"ai": {"languages": []}}, "ai.languages", "Choisissez au moins une langue pour l'assistant."),
        ({"ai": {"languages": ["de"]}}, "ai.languages.0", "Langue inconnue : choisissez parmi fr, en et nouchi."),
        (
            {"ai": {"tone": "agressif"}},
            "ai.tone",
            "Ton inconnu : choisissez parmi professionnel, amical et decontracte.",
        ),
        (
            {"ai": {"opening_hours": {"opens": "8h"}}},
            "ai.opening_hours.opens",
            "Heure invalide : utilisez le format HH:MM.",
        ),
        (
            {"ai": {"business_description": "x" * 501}},
            "ai.business_description",
            "La description ne peut pas dépasser 500 caractères.",
        ),
        (
            {"notifications": {"ai_alerts": "peut-être"}},
            "notifications.ai_alerts",
            "Valeur invalide : utilisez true ou false.",
        ),
    ],
)
def test_it_rejects_invalid_values_with_a_french_message(owner_api, body, field, message):
    response = owner_api.patch(URL, body, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][field] == [message]
    assert response.json()["message"] == message


def test_it_rejects_closing_before_opening(owner_api):
    response = owner_api.patch(URL, {"ai": {"opening_hours": {"opens": "18:00", "closes": "09:00"}}}, format="json")

    assert response.status_code == 400
    assert response.json()["message"] == MSG_CLOSES_BEFORE_OPENS
    assert owner_api.get(URL).json()["ai"]["opening_hours"]["opens"] == "08:00"


def test_it_requires_authentication():
    assert APIClient().get(URL).status_code == 401


def test_a_number_is_not_a_business_description(owner_api):
    response = owner_api.patch(URL, {"ai": {"business_description": 42}}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"]["ai.business_description"] == ["Ce champ doit être une chaîne de caractères."]
