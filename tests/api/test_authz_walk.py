"""Walk every API route that names an object in its path and check that account A, signed in, gets
a 404 for account B's object with every method the route answers, and that B's object is left as
it was. The same request on A's own object is the control: it succeeds (2xx), so the route, the
body and the object are right and the 404 comes from ownership alone.

``OBJECTS`` says, per route name, how to make the object(s) the path names for one account, and
the body each write method needs (the views validate the body before they look the object up).
A route with a path parameter that is not in ``OBJECTS`` fails ``test_every_route_with_an_id_is_walked``:
a new route cannot be skipped silently.
"""

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

import pytest
from django.forms.models import model_to_dict
from django.utils import timezone
from PIL import Image
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from conversations.tests.factories import ConversationFactory, MessageFactory
from emails.tests.factories import EmailFactory
from logistics.tests.factories import DeliveryFactory, DriverFactory
from orders.tests.factories import OrderFactory
from shop.tests.factories import DeliveryZoneFactory, ShopProfileFactory

from .routes import id_routes


@dataclass
class Made:
    """What a maker built for one account: the path's values and the rows a request must not change."""

    path: dict
    rows: list = field(default_factory=list)


@dataclass(frozen=True)
class Objects:
    make: Callable  # (user, *, theirs: bool) -> Made
    bodies: dict = field(default_factory=dict)  # method -> JSON body (or a callable(user) -> body)
    multipart: bool = False


def email(user, *, theirs):
    row = EmailFactory(owner=user)
    return Made({"email_id": row.pk}, [row])


def email_order_body(user):
    product = ProductFactory(owner=user)
    return {
        "customer_name": "Awa Koné",
        "customer_phone": "0707080910",
        "zone": "pickup",
        "payment_method": "cash",
        "items": [{"product_id": product.pk, "quantity": 1}],
    }


def delivery(user, *, theirs):
    row = DeliveryFactory(owner=user, number=2 if theirs else 1)
    return Made({"reference": row.reference}, [row])


def driver(user, *, theirs):
    row = DriverFactory(owner=user)
    return Made({"driver_id": row.pk}, [row])


def product(user, *, theirs):
    row = ProductFactory(owner=user)
    return Made({"product_id": row.pk}, [row])


def zone(user, *, theirs):
    row = DeliveryZoneFactory(shop=ShopProfileFactory(owner=user))
    return Made({"zone_id": row.pk}, [row])


def faq_entry(user, *, theirs):
    # B has more entries than A: B's last index names nothing of A's.
    entries = [{"question": f"Question {n} ?", "answer": f"Réponse {n}.", "answer_en": ""} for n in range(3)]
    shop = ShopProfileFactory(owner=user, faq=entries if theirs else entries[:1])
    return Made({"index": len(shop.faq) - 1}, [shop])


def shop_version(user, *, theirs):
    from shop.services import shop_version_record

    ShopProfileFactory(owner=user)
    row = shop_version_record(owner_id=user.pk, source="put")
    return Made({"version_id": row.pk}, [row])


def campaign(user, *, theirs):
    from campaigns.models import Campaign

    row = Campaign.objects.create(
        owner=user,
        name="Promo",
        template_name="promo",
        template_language="fr",
        scheduled_at=timezone.now() + timedelta(days=1),
    )
    return Made({"campaign_id": row.pk}, [row])


def order(user, *, theirs):
    row = OrderFactory(owner=user)
    return Made({"order_id": row.pk}, [row])


def conversation(user, *, theirs):
    row = ConversationFactory(owner=user)
    return Made({"conversation_id": row.pk}, [row])


def conversation_message(user, *, theirs):
    message = MessageFactory(conversation=ConversationFactory(owner=user), sender="ai")
    return Made({"conversation_id": message.conversation_id, "message_id": message.pk}, [message, message.conversation])


def voice_note(user, *, theirs):
    """A customer's voice note kept on our server (the media route serves its file to the owner only)."""
    from django.core.files.base import ContentFile

    message = MessageFactory(conversation=ConversationFactory(owner=user), sender="user", kind="audio")
    message.media_file.save("note.ogg", ContentFile(b"OggS fake voice note"), save=False)
    message.media_mime = "audio/ogg"
    message.save(update_fields=["media_file", "media_mime"])
    return Made({"conversation_id": message.conversation_id, "message_id": message.pk}, [message, message.conversation])


def own_driver(user):
    return {"driver_id": DriverFactory(owner=user).pk}


def png() -> io.BytesIO:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "orange").save(buffer, format="PNG")
    buffer.seek(0)
    buffer.name = "photo.png"
    return buffer


IN_ONE_HOUR = (timezone.now() + timedelta(hours=1)).isoformat()

OBJECTS: dict[str, Objects] = {
    "mailbox-email-read": Objects(email),
    "mailbox-email-detail": Objects(email),
    "logistics-driver-link": Objects(driver),
    "logistics-driver-link-revoke": Objects(driver),
    "mailbox-email-order": Objects(email, {"post": email_order_body}),
    "logistics-delivery": Objects(delivery),
    "logistics-delivery-status": Objects(delivery, {"post": {"status": "preparing"}}),
    "logistics-delivery-assign": Objects(delivery, {"post": own_driver}),
    "logistics-delivery-delay": Objects(delivery, {"post": {"estimated_time": IN_ONE_HOUR, "note": "Embouteillage"}}),
    "logistics-driver": Objects(driver, {"patch": {"name": "Koffi Kouassi"}}),
    "logistics-driver-deactivate": Objects(driver),
    "logistics-driver-optimize-route": Objects(driver),
    "catalog-product": Objects(product, {"patch": {"price": 3000}}),
    "catalog-product-photo": Objects(product, {"post": lambda user: {"photo": png()}}, multipart=True),
    "shop-version": Objects(shop_version),
    "shop-version-restore": Objects(shop_version),
    "shop-zone": Objects(zone, {"patch": {"fee": 500}}),
    "shop-faq-item": Objects(faq_entry, {"patch": {"answer": "Une autre réponse."}}),
    "order": Objects(order),
    "conversation-message-media": Objects(voice_note),
    "campaigns-detail": Objects(campaign),
    "campaigns-recipients": Objects(campaign),
    "campaigns-cancel": Objects(campaign),
    "order-transition": Objects(order, {"post": {"status": "preparing"}}),
    "order-cancel": Objects(order, {"post": {"reason": "Le client a annulé."}}),
    "order-assign-driver": Objects(order, {"post": own_driver}),
    "conversation": Objects(conversation, {"patch": {"mode": "human"}}),
    "conversation-templates": Objects(conversation, {"post": {"name": "hello_world", "language": "fr"}}),
    "conversation-messages": Objects(conversation, {"post": {"content": "Bonjour, votre commande est prête."}}),
    "conversation-message-rating": Objects(conversation_message, {"post": {"accurate": False}}),
    "conversation-read": Objects(conversation),
}

# Routes whose path parameter is not an account's object: nothing of another account to reach.
NOT_AN_ACCOUNT_OBJECT = {
    # The customer's tracking page: an unguessable token, no account (leak tests: aftersales/tests/test_tracking.py).
    "public-tracking-detail",
    # The driver's page API: the link's token is the credential (no account); logistics/tests/test_driver_live.py
    # covers wrong, expired, revoked tokens and another driver's or account's delivery.
    "public-driver-deliveries",
    "public-driver-positions",
    "public-driver-steps",
    # A provider's public notification (signed by the provider); ``provider`` is "wave" or "cinetpay".
    "payments-notify",
    # The signed-in account's own credentials for one provider; ``provider`` is a code, not an id.
    "payments-provider",
}

OPERATIONS = [
    pytest.param(route, method, id=f"{method.upper()} {route.pattern}")
    for route in id_routes()
    if route.name not in NOT_AN_ACCOUNT_OBJECT
    for method in route.methods
]


def test_every_route_with_an_id_is_walked():
    names = {route.name for route in id_routes()}
    missing = names - set(OBJECTS) - NOT_AN_ACCOUNT_OBJECT
    assert not missing, f"Routes with an id that the walk cannot build an object for: {sorted(missing)}"
    assert not (set(OBJECTS) | NOT_AN_ACCOUNT_OBJECT) - names, "OBJECTS names a route that no longer exists"


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _request(client, method: str, path: str, objects: Objects, user):
    body = objects.bodies.get(method)
    if callable(body):
        body = body(user)
    if objects.multipart:
        return getattr(client, method)(path, body or {}, format="multipart")
    return getattr(client, method)(path, body, format="json") if body is not None else getattr(client, method)(path)


def _state(rows) -> list[dict]:
    return [model_to_dict(type(row).objects.get(pk=row.pk)) for row in rows]


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "method"), OPERATIONS)
def test_another_accounts_object_is_a_404_and_stays_as_it_was(route, method):
    objects = OBJECTS.get(route.name)
    assert objects is not None, f"No way to build an object for {route.name} in OBJECTS"
    account_a, account_b = UserFactory(plan_abonnement="entreprise"), UserFactory(plan_abonnement="entreprise")
    client = _client(account_a)

    theirs = objects.make(account_b, theirs=True)
    before = _state(theirs.rows)
    response = _request(client, method, route.path(**theirs.path), objects, account_a)
    assert response.status_code == 404, (route.path(**theirs.path), response.status_code, response.content[:300])
    assert response.json()["error"] == "not_found"
    assert _state(theirs.rows) == before

    mine = objects.make(account_a, theirs=False)
    control = _request(client, method, route.path(**mine.path), objects, account_a)
    assert control.status_code < 400, (control.status_code, control.content[:300])


@pytest.mark.django_db
def test_a_message_of_another_accounts_conversation_is_a_404_in_ones_own_conversation():
    """The one route with two ids: A's conversation with B's message id."""
    account_a, account_b = UserFactory(), UserFactory()
    mine, theirs = conversation_message(account_a, theirs=False), conversation_message(account_b, theirs=True)
    before = _state(theirs.rows)
    path = f"/api/v1/conversations/{mine.path['conversation_id']}/messages/{theirs.path['message_id']}/rating"
    response = _client(account_a).post(path, {"accurate": False}, format="json")
    assert response.status_code == 404
    assert _state(theirs.rows) == before
