"""Forecasts: computed from the account's orders by the nightly task, stored, read by the page."""

import random
from datetime import datetime, time, timedelta

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from accounts.tests.factories import UserFactory
from analytics.models import AccountForecast, RestockAlert
from analytics.selectors import forecast_page
from analytics.services import forecast_compute, restock_check
from analytics.tasks import forecast_account_ids, forecasts_nightly
from catalog.tests.factories import ProductFactory
from orders.models import PICKUP, Order, OrderLine, OrderStatus
from orders.services import order_cancel, order_create_by_owner
from preferences.services import preferences_update

pytestmark = pytest.mark.django_db

URL = "/api/v1/analytics/forecast"
NOW = timezone.make_aware(datetime(2026, 11, 25, 18, 0))


def pro(**kwargs):
    return UserFactory(plan_abonnement="pro", statut_abonnement="actif", **kwargs)


def sell(user, daily: dict, *, days: int, end=NOW) -> None:
    """Orders of the ``days`` days before ``end``: ``daily[sku](day_index) -> units`` (0: none)."""
    prices = {product.sku: product.price for product in user.products.all()}
    orders, lines = [], []
    number = 0
    for back in range(days, 0, -1):
        day = timezone.localtime(end).date() - timedelta(days=back)
        for sku, units_of in daily.items():
            units = units_of(day)
            if not units:
                continue
            number += 1
            at = timezone.make_aware(datetime.combine(day, time(12, 30)))
            order = Order(
                owner=user,
                reference=f"CMD-T-{number}",
                year=1999,  # apart from the numbers the order services give
                number=number,
                customer_name="Client",
                customer_phone="",
                zone=PICKUP,
                subtotal=units * prices[sku],
                total=units * prices[sku],
                payment_method="cash",
                status=OrderStatus.PICKED_UP,
                source="owner",
                created_at=at,
            )
            orders.append(order)
            lines.append((order, sku, units))
    Order.objects.bulk_create(orders)
    OrderLine.objects.bulk_create(
        OrderLine(order=o, sku=sku, name=sku, unit_price=prices[sku], quantity=u, line_total=u * prices[sku])
        for o, sku, u in lines
    )


def weekly(day) -> int:
    """A product that sells every day, twice as much on Saturday."""
    return 6 if day.weekday() == 5 else 3


def card(data, sku):
    return next(item for item in data["products"] if item["sku"] == sku)


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_with_too_little_history_the_card_says_what_is_missing_and_shows_no_number():
    owner = pro()
    ProductFactory(owner=owner, sku="BIS", name="Bissap")
    sell(owner, {"BIS": weekly}, days=20)

    data = forecast_compute(user=owner, now=NOW).data

    assert data["status"] == "insufficient"
    assert data["basis"].startswith("2 semaines de commandes")
    assert "Il faut 8 semaines de ventes" in data["missing"] and "encore 5 semaines" in data["missing"]
    bissap = card(data, "BIS")
    assert bissap["status"] == "insufficient" and "next_7" not in bissap and "next_7" not in data["total"]


def test_a_regular_product_gets_a_range_a_weekly_pattern_and_its_measured_error():
    owner = pro()
    ProductFactory(owner=owner, sku="BIS", name="Bissap", price=500)
    sell(owner, {"BIS": weekly}, days=120)

    data = forecast_compute(user=owner, now=NOW).data
    bissap = card(data, "BIS")

    assert bissap["method"] == "ets"
    assert bissap["next_7"]["low"] <= bissap["next_7"]["units"] <= bissap["next_7"]["high"]
    assert 22 <= bissap["next_7"]["units"] <= 26  # 6 days at 3 and a Saturday at 6
    assert bissap["next_7"]["revenue"] == round(bissap["next_7"]["units"] * 500)
    saturday = next(day for day in bissap["week"] if day["day"] == "samedi")
    tuesday = next(day for day in bissap["week"] if day["day"] == "mardi")
    assert saturday["value"] > 1.5 * tuesday["value"]
    assert bissap["backtest"]["error_pct"] < 5
    assert bissap["backtest"]["sentence"].startswith("Testée comme si nous étions il y a 4 semaines")
    assert bissap["basis"].startswith("17 semaines de ventes")


def test_a_product_that_sells_now_and_then_gets_a_rate_not_a_weekly_pattern():
    owner = pro()
    ProductFactory(owner=owner, sku="BIS")
    ProductFactory(owner=owner, sku="KIT", name="Pagne Kita", price=25000)
    rng = random.Random(4)
    sell(owner, {"BIS": weekly, "KIT": lambda day: rng.choice([1, 2]) if rng.random() < 0.15 else 0}, days=180)

    kita = card(forecast_compute(user=owner, now=NOW).data, "KIT")

    assert kita["method"] == "imapa"
    assert len({day["value"] for day in kita["week"]}) == 1  # a steady rate
    assert 0.5 <= kita["next_7"]["units"] <= 3.5
    assert kita["next_7"]["low"] == 0


def test_a_new_product_waits_for_its_own_eight_weeks():
    owner = pro()
    ProductFactory(owner=owner, sku="BIS")
    ProductFactory(owner=owner, sku="NEW", name="Tissu bazin")
    ProductFactory(owner=owner, sku="NONE", name="Jamais vendu")
    launch = timezone.localdate(NOW) - timedelta(days=30)
    sell(owner, {"BIS": weekly, "NEW": lambda day: 2 if day >= launch else 0}, days=120)

    data = forecast_compute(user=owner, now=NOW).data

    assert data["status"] == "ok"
    new = card(data, "NEW")
    assert new["status"] == "insufficient" and "next_7" not in new
    assert new["basis"].startswith("4 semaines de ventes") and "encore 3 semaines" in new["missing"]
    assert card(data, "NONE")["status"] == "no_sales"


def test_a_product_that_stopped_selling_gets_no_forecast():
    owner = pro()
    ProductFactory(owner=owner, sku="BIS")
    ProductFactory(owner=owner, sku="OLD", name="Sandales")
    stop = timezone.localdate(NOW) - timedelta(days=40)
    sell(owner, {"BIS": weekly, "OLD": lambda day: 1 if day < stop else 0}, days=120)

    old = card(forecast_compute(user=owner, now=NOW).data, "OLD")

    assert old["status"] == "stopped" and old["missing"].startswith("Plus vendu depuis le")


def test_orders_keep_the_stock_and_a_restock_alert_is_sent_once(settings, django_capture_on_commit_callbacks):
    settings.FRONTEND_URL = "https://app.flux.test"
    owner = pro()
    bissap = ProductFactory(owner=owner, sku="BIS", name="Bissap", price=500, stock_quantity=30, unit="bouteille")
    sell(owner, {"BIS": weekly}, days=120, end=timezone.now())
    forecast_compute(user=owner)
    assert restock_check(user=owner) == []  # 30 bottles last more than a week
    mail.outbox.clear()

    items = [{"sku": "BIS", "quantity": 12}]
    with django_capture_on_commit_callbacks(execute=True):
        order = order_create_by_owner(
            user=owner,
            customer_name="Awa",
            customer_phone="0707070707",
            items=items,
            zone=PICKUP,
            payment_method="cash",
            notify=False,
        )
    bissap.refresh_from_db()
    assert bissap.stock_quantity == 18
    alerts = RestockAlert.objects.filter(owner=owner)
    assert alerts.count() == 1  # the order's restock check ran after the commit
    assert alerts.get().message.startswith("Au rythme actuel, vous n'aurez plus de bissap ")
    assert len(mail.outbox) == 1 and mail.outbox[0].subject == "Stock bientôt épuisé : Bissap"
    assert "https://app.flux.test/dashboard/analytics" in mail.outbox[0].body

    # Later checks (another order, the night's run) do not tell it again.
    with django_capture_on_commit_callbacks(execute=True):
        order_create_by_owner(
            user=owner,
            customer_name="Awa",
            customer_phone="0707070707",
            items=[{"sku": "BIS", "quantity": 1}],
            zone=PICKUP,
            payment_method="cash",
            notify=False,
        )
    restock_check(user=owner)
    assert RestockAlert.objects.filter(owner=owner).count() == 1 and len(mail.outbox) == 1

    # Restocked: the alert closes; the cancelled order gives its 12 bottles back.
    with django_capture_on_commit_callbacks(execute=True):
        order_cancel(order=order, reason="Client absent")
    bissap.refresh_from_db()
    assert bissap.stock_quantity == 29
    bissap.stock_quantity = 200
    bissap.save()
    restock_check(user=owner)
    assert RestockAlert.objects.get(owner=owner).resolved_at is not None
    assert forecast_page(user=owner)["restock"] == []


def test_the_alert_respects_the_owners_ai_alerts_switch():
    owner = pro()
    ProductFactory(owner=owner, sku="BIS", name="Bissap", stock_quantity=5)
    sell(owner, {"BIS": weekly}, days=120, end=timezone.now())
    forecast_compute(user=owner)
    preferences_update(user=owner, ai_alerts=False)
    mail.outbox.clear()

    [alert] = restock_check(user=owner)

    assert alert.notified_at is None and mail.outbox == []
    assert forecast_page(user=owner)["restock"][0]["message"].startswith("Au rythme actuel")


def test_stock_reaching_zero_marks_the_product_out_of_stock_and_never_goes_below():
    owner = pro()
    product = ProductFactory(owner=owner, sku="BIS", stock_quantity=2)

    order_create_by_owner(
        user=owner,
        customer_name="Awa",
        customer_phone="0707070707",
        items=[{"sku": "BIS", "quantity": 3}],
        zone=PICKUP,
        payment_method="cash",
    )

    product.refresh_from_db()
    assert (product.stock_quantity, product.in_stock) == (0, False)


def test_predictions_are_for_the_plans_that_sell_them():
    starter = UserFactory(plan_abonnement="starter", statut_abonnement="actif")
    free = UserFactory()
    owner = pro()
    for user in (starter, free, owner):
        ProductFactory(owner=user, sku="BIS")
        sell(user, {"BIS": weekly}, days=10)

    assert set(forecast_account_ids()) == {owner.pk}
    assert forecasts_nightly() == 1
    assert AccountForecast.objects.filter(owner=owner).exists()
    assert not AccountForecast.objects.exclude(owner=owner).exists()

    refused = client_for(starter).get(URL)
    assert refused.status_code == 403 and refused.json()["error"] == "permission_denied"
    assert "Pro Business" in refused.json()["message"]
    assert client_for(free).get(URL).status_code == 403
    assert client_for(owner).get(URL).status_code == 200


def test_before_the_first_night_the_page_says_when_forecasts_come():
    body = client_for(pro()).get(URL).json()

    assert body["available"] is False and body["data"] is None
    assert "chaque nuit" in body["message"]


def test_the_page_reads_stored_figures_in_at_most_three_queries(django_assert_max_num_queries):
    owner = pro()
    for index in range(6):
        ProductFactory(owner=owner, sku=f"P{index}", stock_quantity=40)
    sell(owner, {f"P{index}": weekly for index in range(6)}, days=90, end=timezone.now())
    forecast_compute(user=owner)
    client = client_for(owner)

    with django_assert_max_num_queries(3):
        response = client.get(URL)

    body = response.json()
    assert response.status_code == 200 and body["available"] is True
    assert len(body["data"]["products"]) == 6 and len(body["restock"]) == 6
    assert "daily" not in body["data"]["products"][0]
    assert len(body["data"]["heatmap"]["cells"]) == 7 and len(body["data"]["heatmap"]["cells"][0]) == 24


def test_the_demo_history_is_forecast_better_than_the_seasonal_naive_baseline():
    call_command("seed_demo", stdout=open("/dev/null", "w"))
    data = AccountForecast.objects.get(owner=User.objects.get(adresse_email="demo@flux-ia.ci")).data
    regular = [item for item in data["products"] if item.get("method") == "ets"]

    total = data["total"]["backtest"]
    assert total["mase"] < total["naive_mase"]
    assert len(regular) >= 5
    beaten = [item for item in regular if item["backtest"]["mase"] < item["backtest"]["naive_mase"]]
    assert len(beaten) >= len(regular) - 1
    assert sum(i["backtest"]["mase"] for i in regular) < sum(i["backtest"]["naive_mase"] for i in regular)
    # The late launch and the product that stopped are said so, with no number.
    assert {item["status"] for item in data["products"]} >= {"ok", "insufficient", "stopped"}
    assert data["customers"]["late"] and data["heatmap"]["busiest"]
