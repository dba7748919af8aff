"""manage.py seed_demo: the demo account and its sample data, visible through the dashboard APIs."""

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import User
from conversations.models import Contact, Conversation, Message
from emails.models import Email
from logistics.models import Delivery, Driver
from subscriptions.selectors import conversation_usage

pytestmark = pytest.mark.django_db

DEMO = "demo@flux-ia.ci"


def seed(*args) -> str:
    out = StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


def counts() -> dict:
    return {
        model.__name__: model.objects.count() for model in (Contact, Conversation, Message, Delivery, Driver, Email)
    }


def client_for(email: str) -> APIClient:
    client = APIClient()
    client.force_authenticate(User.objects.get(adresse_email=email))
    return client


def test_it_creates_a_verified_pro_account_and_prints_its_login():
    output = seed()

    user = User.objects.get(adresse_email=DEMO)
    assert user.compte_verifie and user.otp_verified
    assert (user.plan_abonnement, user.statut_abonnement) == ("pro", "actif")
    assert user.check_password("Akwaba2025")
    assert "Compte de démonstration : demo@flux-ia.ci / mot de passe : Akwaba2025" in output


def test_running_it_again_adds_nothing():
    seed()
    before = counts()

    output = seed()

    assert counts() == before
    assert "rien à ajouter" in output
    assert before["Conversation"] >= 20 and before["Delivery"] >= 40 and before["Driver"] == 5 and before["Email"] == 14


def test_the_sample_data_is_visible_through_the_dashboard_apis():
    seed()
    client = client_for(DEMO)

    conversations = client.get("/api/v1/conversations").json()
    assert conversations["count"] == 24
    assert conversations["counters"]["unread"] >= 1
    first = conversations["results"][0]
    messages = client.get(f"/api/v1/conversations/{first['id']}/messages").json()
    assert {row["sender"] for row in messages["results"]} >= {"user", "ai"}

    deliveries = client.get("/api/v1/logistics/deliveries").json()
    assert deliveries["counters"]["total"] == deliveries["count"]
    assert all(deliveries["counters"][status] > 0 for status in ("pending", "preparing", "en_route", "delivered"))
    assert all(row["id"].startswith("LIV-") for row in deliveries["results"])
    assert len({row["id"] for row in deliveries["results"]}) == len(deliveries["results"])

    drivers = client.get("/api/v1/logistics/drivers").json()
    assert drivers["counters"]["active"] >= 1

    emails = client.get("/api/v1/mailbox/emails").json()
    assert emails["counters"]["non_lus"] >= 1 and emails["counters"]["commandes"] >= 1

    analytics = client.get("/api/v1/analytics").json()
    assert next(k for k in analytics["kpis"] if k["key"] == "revenue")["value"] > 0
    assert analytics["sales_by_city"]["cities"][0]["city"] == "Abidjan"
    assert analytics["accuracy_by_category"]["categories"]

    home = client.get("/api/v1/auth/dashboard").json()
    assert len(home["cards"]) == 4 and home["recent_activity"]

    preferences = client.get("/api/v1/preferences").json()
    assert preferences["ai"]["business_description"].startswith("Boutique Akwaba")


def test_its_conversations_count_in_the_plans_monthly_usage():
    seed()
    user = User.objects.get(adresse_email=DEMO)

    assert 0 < conversation_usage(user) <= Conversation.objects.filter(owner=user).count()


def test_another_email_gets_its_own_demo_account_and_the_first_one_is_untouched():
    seed()
    before = Conversation.objects.filter(owner__adresse_email=DEMO).count()

    seed("--email", "Autre.Demo@Flux-IA.ci")

    assert Conversation.objects.filter(owner__adresse_email="autre.demo@flux-ia.ci").count() == before
    assert Conversation.objects.filter(owner__adresse_email=DEMO).count() == before


def test_it_never_prints_or_resets_a_password_the_owner_changed():
    seed()
    user = User.objects.get(adresse_email=DEMO)
    user.set_password("UnAutreMotDePasse9")
    user.save()

    output = seed()

    user.refresh_from_db()
    assert user.check_password("UnAutreMotDePasse9")
    assert "mot de passe : (inchangé, choisi par le titulaire)" in output


def test_a_new_account_starts_empty():
    User.objects.create_user(adresse_email="nouveau@example.ci", password="Motdepasse1", prenom="A", nom="B")

    client = client_for("nouveau@example.ci")

    assert client.get("/api/v1/conversations").json()["count"] == 0
    assert client.get("/api/v1/logistics/deliveries").json()["count"] == 0
    assert client.get("/api/v1/mailbox/emails").json()["count"] == 0


def test_the_demo_statistics_are_the_sample_deliveries_plus_the_years_order_history():
    """The statistics count orders: seed_demo gives each sample delivery its order (same amount and
    date), and adds a year of settled orders (the forecasts' history), none of them still open."""
    from datetime import timedelta

    from django.db.models import Sum
    from django.utils import timezone

    from logistics.models import OPEN_STATUSES
    from orders.models import Order

    seed()
    user = User.objects.get(adresse_email=DEMO)
    client = client_for(DEMO)
    deliveries = Delivery.objects.filter(owner=user)
    since = timezone.now() - timedelta(days=30)
    history = Order.objects.filter(owner=user, idempotency_key__startswith="demo-history-").exclude(status="cancelled")
    assert history.count() > 2000

    analytics = client.get("/api/v1/analytics").json()
    revenue = next(k for k in analytics["kpis"] if k["key"] == "revenue")
    from_deliveries = deliveries.filter(created_at__gt=since).aggregate(total=Sum("amount"))["total"]
    from_history = history.filter(created_at__gt=since).aggregate(total=Sum("total"))["total"]
    assert revenue["value"] == from_deliveries + from_history
    assert analytics["sales_by_city"]["cities"][0]["city"] == "Abidjan"

    home = client.get("/api/v1/auth/dashboard").json()
    open_orders = next(card for card in home["cards"] if card["key"] == "open_orders")
    assert open_orders["value"] == deliveries.filter(status__in=OPEN_STATUSES).count() > 0


def test_the_demo_drivers_and_open_deliveries_are_coherent():
    """No driver is « Disponible » with deliveries in progress, and no open delivery's estimated
    time is already past."""
    from django.utils import timezone

    seed()
    client = client_for(DEMO)

    drivers = client.get("/api/v1/logistics/drivers").json()["results"]
    for driver in drivers:
        in_progress = Delivery.objects.filter(driver_id=driver["id"], status__in=["pending", "preparing", "en_route"])
        assert (driver["status"] == "active") == in_progress.exists(), driver["name"]
    assert {driver["status"] for driver in drivers} == {"active", "available"}

    now = timezone.now()
    open_deliveries = Delivery.objects.filter(owner__adresse_email=DEMO).exclude(status="delivered")
    assert open_deliveries.exists()
    assert all(delivery.estimated_at > now for delivery in open_deliveries)
