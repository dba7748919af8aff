# ruff: noqa: F811 (the test functions take the imported Graph API fixtures by name)
"""The customer's tracking link: sent with « en route », opened without login, hashed at rest,
expiring after delivery, showing nothing of anyone else, and an ETA that follows the driver."""

import hashlib
import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from aftersales.models import TrackingLink
from aftersales.selectors import eta_minutes
from aftersales.services import aftersales_settings_update, tracking_link_issue
from conversations.models import Message
from integrations.tests.conftest import connection, graph  # noqa: F401 (the fake Graph API fixtures)
from logistics.services import distance_km
from logistics.tests.factories import DriverFactory
from orders.models import OrderStatus
from orders.tests.factories import OrderFactory

from .factories import customer_order, move, position

pytestmark = pytest.mark.django_db

LINK = re.compile(r"/suivi/([A-Za-z0-9_-]{40,})")
API = "/api/v1/public/tracking/"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # templates cache and rate-limit counters
    yield
    cache.clear()


def sent_token(graph) -> str:
    [send] = graph.sends()
    match = LINK.search(send.body["text"]["body"])
    assert match, send.body
    return match.group(1)


def test_going_en_route_sends_the_link_and_stores_only_its_hash(
    owner, graph, connection, django_capture_on_commit_callbacks
):
    order = customer_order(owner)

    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)

    [send] = graph.sends()
    body = send.body["text"]["body"]
    assert body.startswith(f"Votre commande {order.reference} est en route !")
    assert "Suivez votre livraison en direct : http" in body
    token = sent_token(graph)
    link = TrackingLink.objects.get(order=order)
    assert link.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in str(TrackingLink.objects.values().get())
    assert timedelta(days=2) < link.expires_at - timezone.now() <= timedelta(days=3)


def test_outside_the_window_a_template_with_two_parameters_carries_the_link(
    owner, graph, connection, django_capture_on_commit_callbacks
):
    graph.templates += [
        {
            "name": "commande_en_route",
            "language": "fr",
            "status": "APPROVED",
            "category": "UTILITY",
            "components": [{"type": "BODY", "text": "Votre commande {{1}} est en route. Suivez-la : {{2}}"}],
        }
    ]
    order = customer_order(owner, last_inbound_hours=30)

    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)

    [send] = graph.sends()
    parameters = send.body["template"]["components"][0]["parameters"]
    assert parameters[0]["text"] == order.reference
    token = LINK.search(parameters[1]["text"]).group(1)
    assert TrackingLink.objects.get(order=order).token_hash == hashlib.sha256(token.encode()).hexdigest()


def test_the_page_shows_the_order_and_the_drivers_first_name_only(owner, client, django_capture_on_commit_callbacks):
    owner.nom_entreprise = "Boutique Awa"
    owner.save(update_fields=["nom_entreprise"])
    order = customer_order(owner)
    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)
    token = tracking_link_issue(order=order)

    response = client.get(f"/suivi/{token}")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Boutique Awa" in html and order.reference in html
    assert "En route" in html and "Koffi" in html
    assert "Yao" not in html and "Kouassi" not in html  # the first name only
    assert "+2250709080706" not in html and "tel:" not in html.replace('href="tel:"', "")  # phone off by default
    assert response["Cache-Control"] == "no-store" and response["Referrer-Policy"] == "no-referrer"
    # CSP-clean: no inline script or style, the one script is a static file.
    assert re.findall(r"<script[^>]*>", html) == [re.search(r'<script src="[^"]+tracking\.js" defer>', html).group(0)]
    assert "style=" not in html and "<style" not in html


def test_the_owner_may_show_the_drivers_phone(owner, client, django_capture_on_commit_callbacks):
    order = customer_order(owner)
    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)
    token = tracking_link_issue(order=order)
    aftersales_settings_update(user=owner, show_driver_phone=True)

    assert 'href="tel:+2250709080706"' in client.get(f"/suivi/{token}").content.decode()
    assert client.get(API + token).json()["driver"]["phone"] == "+2250709080706"


def test_nothing_of_another_customer_or_account_leaks(owner, client, django_capture_on_commit_callbacks):
    order = customer_order(owner, address="Angré 8e tranche, villa 12")
    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)
    token = tracking_link_issue(order=order)
    neighbour = OrderFactory(owner=owner, customer_name="Awa Konaté", customer_phone="+2250505050505")
    stranger_order = OrderFactory(customer_name="Ibrahim Diallo", customer_phone="+2250101010199")

    page = client.get(f"/suivi/{token}").content.decode()
    data = client.get(API + token).content.decode()

    for text in (page, data):
        # Neither the customer's own personal data (a forwarded link) nor anyone else's.
        for secret in (
            "Fatou",
            "Bamba",
            order.customer_phone,
            "Angré 8e tranche",
            "villa 12",
            neighbour.reference,
            "Awa Konaté",
            "+2250505050505",
            stranger_order.reference,
            "Ibrahim",
            owner.adresse_email,
            token if text is data else "<no token in the JSON>",
        ):
            assert secret not in text, secret


def test_an_unknown_or_expired_token_is_a_french_404(owner, client, api_client, django_capture_on_commit_callbacks):
    order = customer_order(owner)
    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)
    token = tracking_link_issue(order=order)

    unknown = client.get("/suivi/" + "x" * 43)
    assert unknown.status_code == 404
    assert "Lien de suivi introuvable" in unknown.content.decode()
    assert client.get("/suivi/").status_code == 404
    assert api_client.get(API + "y" * 43).json() == {
        "message": "Ce lien de suivi est introuvable ou a expiré.",
        "error": "not_found",
        "statusCode": 404,
    }

    move(order, OrderStatus.DELIVERED, django_capture_on_commit_callbacks)
    link = TrackingLink.objects.get(order=order)
    assert timedelta(hours=47) < link.expires_at - timezone.now() <= timedelta(days=2)  # two days after delivery
    assert "Livrée" in client.get(f"/suivi/{token}").content.decode()

    TrackingLink.objects.filter(pk=link.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert client.get(f"/suivi/{token}").status_code == 404
    assert api_client.get(API + token).status_code == 404


def test_a_new_link_replaces_the_old_one(owner, api_client, django_capture_on_commit_callbacks):
    order = customer_order(owner)
    first = tracking_link_issue(order=order)
    second = tracking_link_issue(order=order)

    assert api_client.get(API + first).status_code == 404
    assert api_client.get(API + second).status_code == 200


def test_the_eta_follows_the_drivers_last_position(owner, api_client, django_capture_on_commit_callbacks):
    order = customer_order(owner)
    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)
    token = tracking_link_issue(order=order)
    driver = order.delivery.driver

    before = api_client.get(API + token).json()
    assert before["eta"]["minutes"] is None and before["eta"]["text"] == "Le livreur arrive bientôt."

    position(driver, 5.3240, -4.0200, seconds_ago=30)  # Plateau, about 9 km away
    far = api_client.get(API + token).json()["eta"]
    expected = eta_minutes(distance_km=distance_km(5.3240, -4.0200, 5.3960, -3.9870), vehicle="moto")
    assert far["minutes"] == expected and expected > 20
    assert far["text"].startswith(f"Arrivée estimée dans environ {expected} min")
    assert far["position_age"] == "Position du livreur mise à jour à l'instant"

    position(driver, 5.3800, -3.9900)  # Riviera, about 1.8 km away
    near = api_client.get(API + token).json()["eta"]
    assert 1 <= near["minutes"] < far["minutes"]

    position(driver, 5.3961, -3.9871)  # at the door
    assert api_client.get(API + token).json()["eta"]["text"] == "Le livreur est tout proche : il arrive."


def test_a_stale_position_gives_no_eta(owner, api_client, django_capture_on_commit_callbacks):
    order = customer_order(owner)
    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)
    token = tracking_link_issue(order=order)
    position(order.delivery.driver, 5.3240, -4.0200, seconds_ago=3600)

    assert api_client.get(API + token).json()["eta"]["minutes"] is None


def test_a_car_is_slower_in_town_than_a_moto():
    assert eta_minutes(distance_km=6, vehicle="voiture") > eta_minutes(distance_km=6, vehicle="moto")


def test_the_page_speaks_english_when_the_customer_does(owner, client, django_capture_on_commit_callbacks):
    order = customer_order(owner)
    order.conversation.language = "en"
    order.conversation.save(update_fields=["language"])
    move(order, OrderStatus.OUT_FOR_DELIVERY, django_capture_on_commit_callbacks)
    token = tracking_link_issue(order=order)

    html = client.get(f"/suivi/{token}").content.decode()

    assert '<html lang="en">' in html and "On the way" in html and "Your driver" in html


def test_the_public_routes_are_rate_limited(owner, api_client, settings, django_capture_on_commit_callbacks):
    settings.TRACKING_RATE_PER_LINK_MINUTE = 3
    order = customer_order(owner)
    token = tracking_link_issue(order=order)

    statuses = [api_client.get(API + token).status_code for _ in range(4)]

    assert statuses == [200, 200, 200, 429]
    refused = api_client.get(API + token)
    assert refused.json()["error"] == "throttled" and refused.json()["message"].startswith("Trop de tentatives")
    assert "Retry-After" in refused


def test_the_page_is_light(owner, client, django_capture_on_commit_callbacks):
    from pathlib import Path

    order = customer_order(owner)
    token = tracking_link_issue(order=order)
    html = client.get(f"/suivi/{token}").content
    static = Path(__file__).resolve().parents[1] / "static" / "aftersales"
    total = len(html) + sum(path.stat().st_size for path in static.iterdir())

    assert total < 30_000


def test_a_driver_of_another_account_never_shows(owner, api_client):
    order = customer_order(owner, driver=DriverFactory(owner=owner, name="Adama Koné"))
    token = tracking_link_issue(order=order)

    assert api_client.get(API + token).json()["driver"]["first_name"] == "Adama"
    assert Message.objects.filter(conversation=order.conversation).count() == 0  # nothing sent without a connection
