import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from emails.models import Category, Email, EmailStatus, Priority

from .factories import EmailFactory

URL = "/api/v1/mailbox/emails"

pytestmark = pytest.mark.django_db


@pytest.fixture
def inbox(owner):
    return {
        "order": EmailFactory(
            owner=owner, category=Category.COMMANDE, status=EmailStatus.UNREAD, priority=Priority.HIGH
        ),
        "support": EmailFactory(owner=owner, category=Category.SUPPORT, status=EmailStatus.AI_PROCESSED),
        "partner": EmailFactory(
            owner=owner, category=Category.PARTENARIAT, status=EmailStatus.READ, priority=Priority.LOW
        ),
        "invoice": EmailFactory(owner=owner, category=Category.FACTURE, status=EmailStatus.UNREAD),
    }


def ids(response) -> set[int]:
    return {row["id"] for row in response.json()["results"]}


def test_it_lists_the_inbox_in_the_spec_shape_with_french_labels(owner_api, inbox):
    response = owner_api.get(URL)

    assert response.status_code == 200
    assert response.json()["count"] == 4
    row = next(r for r in response.json()["results"] if r["id"] == inbox["order"].id)
    assert row["from"] == "Koffi Yao"
    assert row["priority"] == "high" and row["priority_label"] == "Urgent"
    assert row["status"] == "unread" and row["status_label"] == "Non lu"
    assert row["category"] == "commande" and row["category_label"] == "Commande"
    assert row["ai_summary"].startswith("Le client veut")
    assert {r["priority_label"] for r in response.json()["results"]} == {"Urgent", "Normal", "Faible"}


@pytest.mark.parametrize(
    ("folder", "expected"),
    [
        ("tous", {"order", "support", "partner", "invoice"}),
        ("non_lus", {"order", "invoice"}),
        ("commandes", {"order"}),
        ("support", {"support"}),
        ("partenariats", {"partner"}),
        ("urgents", {"order"}),
        ("factures", {"invoice"}),
        ("livraisons", set()),
    ],
)
def test_each_filter_returns_its_emails(owner_api, inbox, folder, expected):
    response = owner_api.get(URL, {"filter": folder})

    assert ids(response) == {inbox[name].id for name in expected}


def test_the_counters_cover_every_filter_whatever_the_chosen_one(owner_api, inbox):
    response = owner_api.get(URL, {"filter": "support"})

    assert response.json()["counters"] == {
        "tous": 4,
        "non_lus": 2,
        "urgents": 1,
        "commandes": 1,
        "support": 1,
        "partenariats": 1,
        "factures": 1,
        "livraisons": 0,
        "autres": 0,
        "mis_de_cote": 0,
    }


def test_it_rejects_an_unknown_filter_in_french(owner_api):
    response = owner_api.get(URL, {"filter": "spam"})

    assert response.status_code == 400
    assert response.json()["message"] == (
        "Filtre inconnu : utilisez tous, non_lus, urgents, commandes, support, partenariats, factures, "
        "livraisons, autres ou mis_de_cote."
    )


def test_marking_an_email_read_updates_the_counters(owner_api, inbox):
    response = owner_api.post(f"{URL}/{inbox['order'].id}/read")

    assert response.status_code == 200
    assert response.json()["status"] == "read" and response.json()["status_label"] == "Lu"
    assert owner_api.get(URL).json()["counters"]["non_lus"] == 1


def test_another_accounts_emails_are_neither_listed_nor_writable(owner_api, inbox):
    stranger = EmailFactory(owner=UserFactory(), status=EmailStatus.UNREAD)

    assert stranger.id not in ids(owner_api.get(URL))
    assert owner_api.get(URL).json()["counters"]["tous"] == 4
    response = owner_api.post(f"{URL}/{stranger.id}/read")
    assert response.status_code == 404
    stranger.refresh_from_db()
    assert stranger.status == EmailStatus.UNREAD


def test_the_list_is_paginated(owner_api, owner):
    EmailFactory.create_batch(25, owner=owner)

    first = owner_api.get(URL).json()
    assert first["count"] == 25 and len(first["results"]) == 20 and first["next"]
    assert len(owner_api.get(URL, {"page": 2}).json()["results"]) == 5


def test_the_list_costs_three_queries_whatever_the_number_of_emails(owner_api, owner, django_assert_max_num_queries):
    EmailFactory.create_batch(60, owner=owner)

    with django_assert_max_num_queries(3):
        response = owner_api.get(URL, {"filter": "non_lus", "page_size": 50})
    assert len(response.json()["results"]) == 50


def test_newest_emails_come_first(owner_api, owner):
    from datetime import timedelta

    from django.utils import timezone

    old = EmailFactory(owner=owner, received_at=timezone.now() - timedelta(days=2))
    new = EmailFactory(owner=owner)

    assert [r["id"] for r in owner_api.get(URL).json()["results"]] == [new.id, old.id]
    assert Email.objects.count() == 2


def test_it_requires_authentication():
    assert APIClient().get(URL).status_code == 401


def test_newsletters_and_spam_are_set_aside_from_the_main_list(owner_api, owner, inbox):
    newsletter = EmailFactory(owner=owner, category=Category.NEWSLETTER, priority=Priority.LOW)
    spam = EmailFactory(owner=owner, category=Category.SPAM, priority=Priority.HIGH)
    other = EmailFactory(owner=owner, category=Category.AUTRE)

    assert newsletter.id not in ids(owner_api.get(URL)) and other.id in ids(owner_api.get(URL))
    assert ids(owner_api.get(URL, {"filter": "mis_de_cote"})) == {newsletter.id, spam.id}
    assert ids(owner_api.get(URL, {"filter": "autres"})) == {other.id}
    counters = owner_api.get(URL).json()["counters"]
    assert counters["tous"] == 5 and counters["non_lus"] == 3 and counters["urgents"] == 1
    assert counters["mis_de_cote"] == 2
