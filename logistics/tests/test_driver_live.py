"""The driver's link, page API, positions and steps (issue 27): tokens (expired, revoked, another
driver's delivery, another account), offline replay idempotency, pruning, the owner's live view, the
link sent on WhatsApp to the fake Graph API, and driver_suggest with live positions (lagoon rule)."""

import hashlib
from datetime import timedelta

import pytest
from celery import current_app as celery_app
from django.core import mail
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from integrations.tests.conftest import connection, graph  # noqa: F401  (fixtures)
from logistics import tasks
from logistics.models import Delivery, DeliveryStatus, DeliveryStep, DriverLink, DriverPosition, Vehicle
from logistics.selectors import driver_last_position
from logistics.services import (
    LINK_TEMPLATE_NAME,
    delivery_assign_driver,
    driver_link_issue,
    driver_link_send,
    driver_position_record,
    positions_prune,
)
from orders.models import OrderStatus
from orders.selectors import driver_suggest
from orders.services import order_assign_driver, order_create_by_owner, order_transition
from orders.tests.factories import delivery_zone
from preferences.services import preferences_get_or_create

from .factories import DeliveryFactory, DriverFactory

pytestmark = pytest.mark.django_db
API = "/api/v1/public/driver/{token}/"


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()


@pytest.fixture
def eager_tasks():
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


def public() -> APIClient:
    return APIClient()


def _order(owner, *, zone="Cocody", payment_method="cash", **extra):
    delivery_zone(owner, "Cocody", fee=1000)  # the fee of an owner's order comes from the shop's zones
    return order_create_by_owner(
        **extra,
        user=owner,
        customer_name="Koffi Yao",
        customer_phone="0707080910",
        items=[{"name": "Attiéké poisson", "unit_price": 2500, "quantity": 2}],
        zone=zone,
        address="Angré 8e tranche, en face de la pharmacie",
        delivery_fee=1000,
        payment_method=payment_method,
        notify=False,
    )


def _dispatched(owner, driver):
    order = _order(owner)
    order_transition(order=order, to=OrderStatus.PREPARING, by="owner")
    order_assign_driver(order=order, driver=driver)
    return order, order.delivery


# --- tokens ------------------------------------------------------------------------------------------


def test_only_the_tokens_hash_is_stored_and_it_opens_the_drivers_day(owner):
    driver = DriverFactory(owner=owner, name="Moussa Koné", commune="Cocody")
    mine = DeliveryFactory(owner=owner, driver=driver, customer_name="Aminata", amount=6000)
    DeliveryFactory(owner=owner, driver=DriverFactory(owner=owner), customer_name="Autre client du compte")
    DeliveryFactory(owner=UserFactory(), customer_name="Client d'un autre compte")
    link, token = driver_link_issue(driver=driver)

    assert len(token) >= 43 and link.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert not DriverLink.objects.filter(token_hash=token).exists()
    assert timezone.localtime(link.expires_at).hour == 0 and link.expires_at > timezone.now() + timedelta(days=1)

    body = public().get(API.format(token=token) + "deliveries").json()
    assert body["driver"] == "Moussa"
    assert [d["id"] for d in body["deliveries"]] == [mine.reference]
    assert body["deliveries"][0]["customer"] == "Aminata" and body["deliveries"][0]["amount_to_collect"] == 6000
    page = public().get(f"/livreur/{token}")
    html = page.content.decode()
    assert page.status_code == 200 and "Aminata" in html and "Autre client" not in html and "autre compte" not in html
    assert "À encaisser" in html and "geo:5.360000,-3.980000" in html and "openstreetmap.org" in html
    assert page["Referrer-Policy"] == "no-referrer" and "<script src=" in html and "<script>" not in html


@pytest.mark.parametrize("case", ["expired", "revoked", "unknown", "driver_deactivated"])
def test_a_dead_link_gets_the_same_french_answer(owner, owner_api, case):
    driver = DriverFactory(owner=owner)
    link, token = driver_link_issue(driver=driver)
    if case == "expired":
        DriverLink.objects.filter(pk=link.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    elif case == "revoked":
        assert owner_api.post(f"/api/v1/logistics/drivers/{driver.pk}/link/revoke").json() == {"revoked": 1}
    elif case == "unknown":
        token = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    else:
        driver.is_enabled = False
        driver.save()

    answer = public().get(API.format(token=token) + "deliveries")
    assert answer.status_code == 404
    assert answer.json()["error"] == "link_invalid"
    assert answer.json()["message"] == "Ce lien n'est plus valable : demandez un nouveau lien à la boutique."
    posted = public().post(API.format(token=token) + "positions", {"latitude": 5.3, "longitude": -4.0}, format="json")
    assert posted.status_code == 404 and not DriverPosition.objects.exists()
    page = public().get(f"/livreur/{token}")
    assert page.status_code == 404 and "demandez un nouveau lien à la boutique" in page.content.decode()


def test_a_driver_cannot_touch_another_drivers_or_another_accounts_delivery(owner):
    driver = DriverFactory(owner=owner)
    colleague_delivery = DeliveryFactory(owner=owner, driver=DriverFactory(owner=owner))
    stranger = UserFactory()
    foreign = DeliveryFactory(
        owner=stranger, driver=DriverFactory(owner=stranger), reference=colleague_delivery.reference
    )
    _, token = driver_link_issue(driver=driver)

    for delivery in (colleague_delivery, foreign):
        answer = public().post(
            API.format(token=token) + "steps",
            {"delivery": delivery.reference, "kind": "delivered", "idempotency_key": "k-12345678"},
            format="json",
        )
        assert answer.status_code == 404
        assert (
            answer.json()["message"] == "Cette livraison ne vous est pas (ou plus) assignée : demandez à la boutique."
        )
        delivery.refresh_from_db()
        assert delivery.status == DeliveryStatus.PENDING
    assert not DeliveryStep.objects.exists()


def test_bad_input_is_refused_in_french_never_a_500(owner):
    _, token = driver_link_issue(driver=DriverFactory(owner=owner))
    url = API.format(token=token)
    bad_position = public().post(url + "positions", {"latitude": 123, "longitude": "x"}, format="json")
    assert bad_position.status_code == 400
    assert bad_position.json()["errors"]["latitude"] == ["Latitude invalide : un nombre entre -90 et 90."]
    assert bad_position.json()["errors"]["longitude"] == ["Longitude invalide : un nombre entre -180 et 180."]
    bad_step = public().post(url + "steps", {"delivery": "x", "kind": "fly", "idempotency_key": "1"}, format="json")
    assert bad_step.status_code == 400
    assert set(bad_step.json()["errors"]) == {"delivery", "kind", "idempotency_key"}
    delivery = DeliveryFactory(owner=owner, driver=DriverFactory(owner=owner))
    DeliveryStep.objects.all().delete()
    no_reason = public().post(
        url + "steps",
        {"delivery": delivery.reference, "kind": "problem", "idempotency_key": "k-12345678"},
        format="json",
    )
    assert no_reason.status_code == 404  # not his delivery: nothing said about it


def _on_a_round(owner, **driver_fields):
    driver = DriverFactory(owner=owner, **driver_fields)
    DeliveryFactory(owner=owner, driver=driver, status=DeliveryStatus.EN_ROUTE)
    return driver


def test_no_position_is_taken_without_a_delivery_en_route(owner):
    driver = DriverFactory(owner=owner)
    delivery = DeliveryFactory(owner=owner, driver=driver, status=DeliveryStatus.PREPARING)
    _, token = driver_link_issue(driver=driver)
    answer = public().post(API.format(token=token) + "positions", {"latitude": 5.3, "longitude": -4.0}, format="json")
    assert answer.status_code == 409
    assert answer.json()["message"] == "Aucune livraison en route : votre position n'est pas enregistrée."
    assert not DriverPosition.objects.exists()
    Delivery.objects.filter(pk=delivery.pk).update(status=DeliveryStatus.EN_ROUTE)
    answer = public().post(API.format(token=token) + "positions", {"latitude": 5.3, "longitude": -4.0}, format="json")
    assert answer.status_code == 201 and DriverPosition.objects.count() == 1


def test_positions_are_rate_limited_per_link(owner):
    _, token = driver_link_issue(driver=_on_a_round(owner))
    _, other = driver_link_issue(driver=_on_a_round(owner))
    codes = [
        public()
        .post(API.format(token=token) + "positions", {"latitude": 5.3, "longitude": -4.0}, format="json")
        .status_code
        for _ in range(7)
    ]
    assert codes == [201] * 6 + [429]
    limited = public().post(API.format(token=token) + "positions", {"latitude": 5.3, "longitude": -4.0}, format="json")
    assert "message" in limited.json()
    assert (
        public()
        .post(API.format(token=other) + "positions", {"latitude": 5.3, "longitude": -4.0}, format="json")
        .status_code
        == 201
    )


# --- steps -------------------------------------------------------------------------------------------


def test_picked_up_then_delivered_move_the_order_and_a_replay_counts_once(owner):
    driver = DriverFactory(owner=owner, name="Moussa Koné", commune="Cocody")
    order, delivery = _dispatched(owner, driver)
    _, token = driver_link_issue(driver=driver)
    url = API.format(token=token) + "steps"
    picked = {"delivery": delivery.reference, "kind": "picked_up", "idempotency_key": "pick-0001-abcd"}

    first = public().post(url, picked, format="json")
    assert first.status_code == 201 and first.json()["replayed"] is False
    assert first.json()["delivery"]["status"] == "en_route"
    # The phone lost the answer and sends the queued action again: nothing moves twice.
    again = public().post(url, picked, format="json")
    assert again.status_code == 200 and again.json()["replayed"] is True
    order.refresh_from_db()
    assert order.status == OrderStatus.OUT_FOR_DELIVERY
    assert DeliveryStep.objects.filter(kind="picked_up").count() == 1

    offline_at = timezone.now() - timedelta(minutes=7)
    done = {
        "delivery": delivery.reference,
        "kind": "delivered",
        "idempotency_key": "done-0001-abcd",
        "happened_at": offline_at.isoformat(),
    }
    assert public().post(url, done, format="json").status_code == 201
    assert public().post(url, done, format="json").json()["replayed"] is True
    order.refresh_from_db()
    delivery.refresh_from_db()
    assert (order.status, delivery.status) == (OrderStatus.DELIVERED, DeliveryStatus.DELIVERED)
    step = DeliveryStep.objects.get(kind="delivered")
    assert abs((step.happened_at - offline_at).total_seconds()) < 1
    # A new key for an already delivered delivery is a French refusal, not a second delivery.
    late = public().post(url, {**done, "idempotency_key": "done-0002-abcd"}, format="json")
    assert late.status_code == 400 and late.json()["message"] == f"La livraison {delivery.reference} est déjà livrée."


def test_a_problem_is_shown_to_the_owner_and_alerted_by_email_when_the_switch_is_on(
    owner, owner_api, eager_tasks, django_capture_on_commit_callbacks
):
    driver = DriverFactory(owner=owner, name="Moussa Koné")
    delivery = DeliveryFactory(owner=owner, driver=driver, status=DeliveryStatus.EN_ROUTE)
    _, token = driver_link_issue(driver=driver)
    body = {
        "delivery": delivery.reference,
        "kind": "problem",
        "reason": "absent",
        "note": "Personne au portail",
        "idempotency_key": "prob-0001-abcd",
    }
    missing_reason = public().post(
        API.format(token=token) + "steps", {**body, "reason": "", "idempotency_key": "prob-0000-abcd"}, format="json"
    )
    assert missing_reason.status_code == 400 and missing_reason.json()["message"] == "Choisissez le motif du problème."

    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        answer = public().post(API.format(token=token) + "steps", body, format="json")
    assert answer.status_code == 201
    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject == f"Problème de livraison {delivery.reference} : Client absent"
    assert "Moussa Koné" in mail.outbox[0].body and "Personne au portail" in mail.outbox[0].body

    row = owner_api.get(f"/api/v1/logistics/deliveries/{delivery.reference}").json()
    assert [(s["label"], s["reason_label"], s["note"]) for s in row["steps"]] == [
        ("Problème", "Client absent", "Personne au portail")
    ]

    prefs = preferences_get_or_create(user=owner)
    prefs.delivery_updates = False
    prefs.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        public().post(API.format(token=token) + "steps", {**body, "idempotency_key": "prob-0002-abcd"}, format="json")
    assert mail.outbox == []


# --- positions ---------------------------------------------------------------------------------------


def test_a_position_updates_the_owners_view_and_old_ones_are_pruned(owner, owner_api):
    driver = _on_a_round(owner, name="Moussa Koné", commune="Cocody")
    _, token = driver_link_issue(driver=driver)
    assert owner_api.get("/api/v1/logistics/drivers").json()["results"][0]["last_position"] is None

    answer = public().post(
        API.format(token=token) + "positions",
        {"latitude": 5.3512, "longitude": -3.9871, "accuracy_m": 12},
        format="json",
    )
    assert answer.status_code == 201
    row = owner_api.get("/api/v1/logistics/drivers").json()["results"][0]
    assert (row["last_position"]["lat"], row["last_position"]["lng"], row["last_position"]["accuracy_m"]) == (
        5.3512,
        -3.9871,
        12.0,
    )
    assert row["location"] == {"commune": "Cocody", "lat": 5.3512, "lng": -3.9871}
    assert row["link"]["expires_at"] and row["link"]["sent_via"] == ""
    assert driver_last_position(driver=driver).latitude == 5.3512

    now = timezone.now()
    driver_position_record(driver=driver, latitude=5.30, longitude=-4.0, now=now - timedelta(hours=7))
    driver_position_record(driver=driver, latitude=5.31, longitude=-4.0, now=now - timedelta(hours=5))
    assert tasks.positions_prune() == 1
    assert positions_prune(now=now + timedelta(hours=6)) == 2
    assert DriverPosition.objects.count() == 0
    driver.refresh_from_db()
    assert float(driver.latitude) == 5.31  # the last known position stays on the driver


def test_driver_suggest_uses_fresh_live_positions_and_never_a_moto_across_the_lagoon(owner):
    order = _order(owner, zone="Cocody", latitude=5.3900, longitude=-3.9700)  # Angré, north of Cocody's centre
    near_home = DriverFactory(owner=owner, name="A Cocody", commune="Cocody", vehicle=Vehicle.MOTO, side="north")
    far_home = DriverFactory(owner=owner, name="B Yopougon", commune="Yopougon", vehicle=Vehicle.MOTO, side="north")
    assert driver_suggest(order=order) == near_home

    # B's phone puts him in Cocody now: his fresh position beats A's home commune.
    driver_position_record(driver=far_home, latitude=5.3899, longitude=-3.9701)
    assert driver_suggest(order=order) == far_home
    # Stale (> 10 min): back to his home commune.
    DriverPosition.objects.update(recorded_at=timezone.now() - timedelta(minutes=11))
    assert driver_suggest(order=order) == near_home

    # A moto based south whose live position is next to the customer is still never suggested.
    south = DriverFactory(owner=owner, name="C Marcory", commune="Marcory", vehicle=Vehicle.MOTO, side="south")
    driver_position_record(driver=south, latitude=5.3900, longitude=-3.9700)
    assert driver_suggest(order=order) == near_home
    # A north moto seen on the south bank (fresh) is not suggested for a north order either.
    driver_position_record(driver=near_home, latitude=5.2980, longitude=-3.9480)  # Koumassi
    assert driver_suggest(order=order) == far_home
    # A car crosses: close and fresh, it wins.
    car = DriverFactory(owner=owner, name="D voiture", commune="Marcory", vehicle=Vehicle.VOITURE, side="south")
    driver_position_record(driver=car, latitude=5.3900, longitude=-3.9700)
    assert driver_suggest(order=order) == car


# --- the link on WhatsApp ----------------------------------------------------------------------------


def test_an_assignment_sends_the_link_as_text_without_a_template(
    owner,
    graph,  # noqa: F811
    connection,  # noqa: F811
    eager_tasks,
    django_capture_on_commit_callbacks,
):
    cache.clear()
    driver = DriverFactory(owner=owner, name="Moussa Koné", phone="+2250748017823")
    delivery = DeliveryFactory(owner=owner)

    with django_capture_on_commit_callbacks(execute=True):
        delivery_assign_driver(delivery=delivery, driver=driver)

    sends = graph.sends()
    assert len(sends) == 1 and sends[0].body["type"] == "text" and sends[0].body["to"] == "2250748017823"
    text = sends[0].body["text"]["body"]
    assert text.startswith("Bonjour Moussa, nouvelle livraison " + delivery.reference)
    token = text.split("/livreur/")[1].split()[0]
    link = DriverLink.objects.get(driver=driver)
    assert link.token_hash == hashlib.sha256(token.encode()).hexdigest() and link.sent_via == "text"
    assert public().get(API.format(token=token) + "deliveries").json()["deliveries"][0]["id"] == delivery.reference


def test_the_approved_template_is_used_when_the_account_has_it(owner, graph, connection):  # noqa: F811
    cache.clear()
    graph.templates.append(
        {"name": LINK_TEMPLATE_NAME, "language": "fr", "status": "APPROVED", "category": "UTILITY", "components": []}
    )
    driver = DriverFactory(owner=owner, name="Moussa Koné", phone="+2250748017823")
    delivery = DeliveryFactory(owner=owner, driver=driver)

    link = driver_link_send(driver=driver, delivery=delivery)

    body = graph.sends()[0].body
    assert body["type"] == "template" and body["template"]["name"] == LINK_TEMPLATE_NAME
    values = [p["text"] for p in body["template"]["components"][0]["parameters"]]
    assert values[:2] == ["Moussa", delivery.reference] and "/livreur/" in values[2]
    assert link.sent_via == "template"


def test_a_refused_send_leaves_the_owner_the_share_link(owner, owner_api, graph, connection):  # noqa: F811
    cache.clear()
    graph.fail_next(status=400, code=131047, message="Re-engagement message")
    driver = DriverFactory(owner=owner, name="Moussa Koné", phone="+2250748017823")

    link = driver_link_send(driver=driver)
    assert link.sent_via == "" and "131047" in link.send_error

    issued = owner_api.post(f"/api/v1/logistics/drivers/{driver.pk}/link")
    assert issued.status_code == 201
    body = issued.json()
    assert body["share_url"].startswith("https://wa.me/2250748017823?text=Bonjour%20Moussa")
    token = body["url"].split("/livreur/")[1]
    assert public().get(API.format(token=token) + "deliveries").status_code == 200
    # Another account cannot issue or revoke this driver's link.
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    assert stranger.post(f"/api/v1/logistics/drivers/{driver.pk}/link").status_code == 404
    assert stranger.post(f"/api/v1/logistics/drivers/{driver.pk}/link/revoke").status_code == 404
    assert public().get(API.format(token=token) + "deliveries").status_code == 200


def test_no_whatsapp_number_means_no_link_sent(owner):
    driver = DriverFactory(owner=owner)
    assert driver_link_send(driver=driver) is None
    assert not DriverLink.objects.exists()


def test_the_drivers_page_weighs_under_30_kb_and_runs_no_inline_code(owner):
    from django.contrib.staticfiles import finders

    driver = DriverFactory(owner=owner)
    for _ in range(5):
        DeliveryFactory(owner=owner, driver=driver)
    _, token = driver_link_issue(driver=driver)
    html = public().get(f"/livreur/{token}").content
    assets = [finders.find("logistics/driver.js"), finders.find("logistics/driver.css")]
    total = len(html) + sum(len(open(path, "rb").read()) for path in assets)
    assert total < 30_000, total
    text = html.decode()
    assert "<script>" not in text and "<style" not in text and " style=" not in text and " onclick" not in text


def test_dispatching_an_order_sends_the_driver_his_link(
    owner,
    graph,  # noqa: F811
    connection,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    cache.clear()
    driver = DriverFactory(owner=owner, name="Awa Traoré", phone="+2250748017823", commune="Cocody")
    with django_capture_on_commit_callbacks(execute=True):
        order, delivery = _dispatched(owner, driver)
    texts = [call.body["text"]["body"] for call in graph.sends() if call.body.get("type") == "text"]
    assert [t for t in texts if t.startswith(f"Bonjour Awa, nouvelle livraison {delivery.reference}")]
    assert DriverLink.objects.filter(driver=driver, sent_via="text").count() == 1


def test_an_order_paid_by_mobile_money_shows_nothing_to_collect(owner):
    from payments.models import Payment, PaymentStatus, Purpose

    driver = DriverFactory(owner=owner, commune="Cocody")
    order = _order(owner, payment_method="wave")
    order_transition(order=order, to=OrderStatus.AWAITING_PAYMENT, by="owner")
    Payment.objects.create(
        owner=owner,
        purpose=Purpose.ORDER,
        order=order,
        provider="wave",
        reference="PAY-D1-0001",
        amount_requested=order.total,
        amount_charged=order.total,
        amount_collected=order.total,
        status=PaymentStatus.SUCCEEDED,
        paid_at=timezone.now(),
    )
    order_transition(order=order, to=OrderStatus.PAID, by="system")
    order_transition(order=order, to=OrderStatus.PREPARING, by="owner")
    order_assign_driver(order=order, driver=driver)
    cash = _order(owner)
    order_transition(order=cash, to=OrderStatus.PREPARING, by="owner")
    order_assign_driver(order=cash, driver=driver)
    _, token = driver_link_issue(driver=driver)

    rows = {row["id"]: row for row in public().get(API.format(token=token) + "deliveries").json()["deliveries"]}
    assert rows[order.delivery.reference]["amount_to_collect"] == 0
    assert rows[cash.delivery.reference]["amount_to_collect"] == cash.total
    html = public().get(f"/livreur/{token}").content.decode()
    assert "Déjà payé" in html and "À encaisser" in html
