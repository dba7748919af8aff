"""The mailbox API: connect (the login is tried first), state, resync, disconnect, presets, an
e-mail's detail and creating its order; plans; another account's data never reachable."""

import logging

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from emails import imap, services
from emails.models import Email, MailboxConnection
from emails.tests import samples
from emails.tests.factories import EmailFactory, MailboxConnectionFactory
from integrations.crypto import decrypt_token
from orders.models import Order

pytestmark = pytest.mark.django_db

CONNECTION = "/api/v1/mailbox/connection"
EMAILS = "/api/v1/mailbox/emails"


@pytest.fixture
def pro():
    return UserFactory(plan_abonnement="pro")


@pytest.fixture
def pro_api(pro):
    client = APIClient()
    client.force_authenticate(pro)
    return client


def body(dovecot, address, password, **extra):
    return {
        "provider": "autre",
        "host": "127.0.0.1",
        "port": dovecot.port,
        "security": "none",
        "address": address,
        "password": password,
        "digest_hour": 19,
        **extra,
    }


def test_without_a_mailbox_the_state_says_so(pro_api):
    state = pro_api.get(CONNECTION).json()

    assert state["connected"] is False and state["allowed"] is True and state["host"] is None


def test_connecting_tries_the_login_then_stores_the_password_encrypted(pro_api, pro, dovecot, caplog):
    caplog.set_level(logging.DEBUG)
    address, password = dovecot.new_user()

    response = pro_api.put(CONNECTION, body(dovecot, address, password), format="json")

    assert response.status_code == 200, response.json()
    state = response.json()
    assert state["connected"] is True and state["address"] == address and state["digest_hour"] == 19
    assert "password" not in state and password not in response.content.decode()
    row = MailboxConnection.objects.get(owner=pro)
    assert password not in row.password_encrypted and decrypt_token(row.password_encrypted) == password
    assert password not in caplog.text
    assert pro_api.get(CONNECTION).json()["connected"] is True


def test_a_refused_login_saves_nothing_and_answers_in_french(pro_api, pro, dovecot, caplog):
    caplog.set_level(logging.DEBUG)
    address, _ = dovecot.new_user()

    response = pro_api.put(CONNECTION, body(dovecot, address, "Pas-Le-Bon-1"), format="json")

    assert response.status_code == 400
    assert response.json()["error"] == "mailbox_login_failed"
    assert response.json()["message"] == imap.MSG_PASSWORD
    assert not MailboxConnection.objects.filter(owner=pro).exists()
    assert "Pas-Le-Bon-1" not in caplog.text


def test_an_unreachable_server_and_bad_fields_are_explained(pro_api, dovecot):
    address, password = dovecot.new_user()

    unreachable = pro_api.put(CONNECTION, body(dovecot, address, password, port=1), format="json")
    assert unreachable.status_code == 400 and unreachable.json()["message"] == imap.MSG_UNREACHABLE

    bad = pro_api.put(CONNECTION, body(dovecot, address, password, port="abc", security="ssl3"), format="json")
    assert bad.status_code == 400
    assert set(bad.json()["errors"]) >= {"port", "security"}
    no_password = pro_api.put(CONNECTION, body(dovecot, address, ""), format="json")
    assert no_password.status_code == 400 and no_password.json()["message"] == services.MSG_PASSWORD_REQUIRED


def test_a_blank_password_keeps_the_stored_one(pro_api, pro, dovecot):
    address, password = dovecot.new_user()
    pro_api.put(CONNECTION, body(dovecot, address, password), format="json")
    MailboxConnection.objects.filter(owner=pro).update(last_uid=7, uidvalidity=1)

    response = pro_api.put(CONNECTION, body(dovecot, address, "", digest_hour=7), format="json")

    assert response.status_code == 200 and response.json()["digest_hour"] == 7
    row = MailboxConnection.objects.get(owner=pro)
    assert decrypt_token(row.password_encrypted) == password and row.last_uid == 7  # same mailbox: state kept


def test_the_plan_card_decides_who_gets_the_email_assistant(owner_api, dovecot):
    address, password = dovecot.new_user()

    response = owner_api.put(CONNECTION, body(dovecot, address, password), format="json")

    assert response.status_code == 403 and response.json()["message"] == services.MSG_PLAN
    state = owner_api.get(CONNECTION).json()
    assert state["allowed"] is False and state["plan_message"] == services.MSG_PLAN
    assert owner_api.post(f"{CONNECTION}/resync").status_code == 403


def test_resync_syncs_and_shows_the_state(pro_api, pro, dovecot, django_capture_on_commit_callbacks):
    # Tasks run in-process in these tests (conftest.py), as in the embedded default.
    address, password = dovecot.new_user()
    dovecot.append(address, password, [samples.plain(), samples.html_only()])
    with django_capture_on_commit_callbacks(execute=True):
        pro_api.put(CONNECTION, body(dovecot, address, password), format="json")
    assert Email.objects.filter(owner=pro).count() == 2
    dovecot.append(address, password, [samples.with_attachments()])
    with django_capture_on_commit_callbacks(execute=True):
        response = pro_api.post(f"{CONNECTION}/resync")

    assert response.status_code == 202
    state = pro_api.get(CONNECTION).json()
    assert state["last_synced_at"] and state["last_error"] == "" and state["last_run_fetched"] == 1
    assert Email.objects.filter(owner=pro).count() == 3
    counters = pro_api.get(EMAILS).json()["counters"]
    assert counters["tous"] == 3


def test_the_state_shows_a_failure(pro_api, pro):
    MailboxConnectionFactory(
        owner=pro, last_error=imap.MSG_TIMEOUT, consecutive_failures=3, next_attempt_at=timezone.now()
    )

    state = pro_api.get(CONNECTION).json()

    assert state["last_error"] == imap.MSG_TIMEOUT and state["consecutive_failures"] == 3


def test_disconnecting_forgets_the_password_and_keeps_the_mails(pro_api, pro):
    mailbox = MailboxConnectionFactory(owner=pro)
    EmailFactory(owner=pro, mailbox=mailbox)

    assert pro_api.delete(CONNECTION).status_code == 204
    assert not MailboxConnection.objects.filter(owner=pro).exists()
    assert Email.objects.filter(owner=pro).count() == 1
    assert pro_api.delete(CONNECTION).status_code == 404
    assert pro_api.post(f"{CONNECTION}/resync").status_code == 404


def test_the_presets_carry_a_french_help_line(pro_api):
    presets = {p["code"]: p for p in pro_api.get("/api/v1/mailbox/presets").json()}

    assert presets["gmail"]["host"] == "imap.gmail.com" and presets["gmail"]["port"] == 993
    assert presets["outlook"]["host"] == "outlook.office365.com"
    assert presets["yahoo"]["host"] == "imap.mail.yahoo.com"
    assert "mot de passe d'application" in presets["gmail"]["help"]
    assert presets["autre"]["host"] == ""


def order_mail(owner, products):
    return EmailFactory(
        owner=owner,
        subject="Commande pour jeudi",
        body_excerpt="Je voudrais 20 cartons de lait et 3 sacs de riz.",
        attachments=[{"name": "bon.pdf", "size": 1200, "content_type": "application/pdf"}],
        order_lines=[
            {"product_id": products[0].pk, "name": products[0].name, "quantity": 20},
            {"product_id": products[1].pk, "name": products[1].name, "quantity": 3},
            {"product_id": 10**9, "name": "Disparu", "quantity": 1},
        ],
    )


def test_an_emails_detail_suggests_its_order_from_the_catalogue(pro_api, pro):
    products = [ProductFactory(owner=pro, name="Lait Bonnet Rouge", price=1200), ProductFactory(owner=pro)]
    mail = order_mail(pro, products)

    detail = pro_api.get(f"{EMAILS}/{mail.pk}").json()

    assert detail["body_excerpt"].startswith("Je voudrais")
    assert detail["attachments"] == [{"name": "bon.pdf", "size": 1200, "content_type": "application/pdf"}]
    assert detail["order_lines"] == [
        {
            "product_id": products[0].pk,
            "sku": products[0].sku,
            "name": "Lait Bonnet Rouge",
            "unit_price": 1200,
            "quantity": 20,
        },
        {
            "product_id": products[1].pk,
            "sku": products[1].sku,
            "name": products[1].name,
            "unit_price": 2500,
            "quantity": 3,
        },
    ]
    assert detail["order_reference"] is None and detail["has_order_lines"] is True


def test_creating_the_order_of_an_email(pro_api, pro):
    products = [ProductFactory(owner=pro, price=1200), ProductFactory(owner=pro, price=2500)]
    mail = order_mail(pro, products)
    payload = {
        "customer_name": "Awa Koné",
        "customer_phone": "07 07 08 09 10",
        "commune": "Cocody",
        "zone": "pickup",
        "payment_method": "cash",
        "items": [{"product_id": products[0].pk, "quantity": 18}, {"product_id": products[1].pk, "quantity": 3}],
    }

    response = pro_api.post(f"{EMAILS}/{mail.pk}/order", payload, format="json")

    assert response.status_code == 201, response.json()
    order = Order.objects.get(pk=response.json()["id"])
    assert order.owner == pro and order.customer_phone == "+2250707080910" and order.commune == "Cocody"
    assert order.total == 18 * 1200 + 3 * 2500 == response.json()["total"]
    assert "Commande pour jeudi" in order.events.get().note
    mail.refresh_from_db()
    assert mail.order_id == order.pk and mail.status == "read"
    assert pro_api.get(EMAILS).json()["results"][0]["order_reference"] == order.reference
    again = pro_api.post(f"{EMAILS}/{mail.pk}/order", payload, format="json")
    assert again.status_code == 409 and order.reference in again.json()["message"]


def test_an_order_naming_another_accounts_product_is_refused(pro_api, pro):
    theirs = ProductFactory(owner=UserFactory())
    mail = order_mail(pro, [ProductFactory(owner=pro), ProductFactory(owner=pro)])

    response = pro_api.post(
        f"{EMAILS}/{mail.pk}/order",
        {
            "customer_name": "Awa",
            "customer_phone": "0707080910",
            "zone": "pickup",
            "payment_method": "cash",
            "items": [{"product_id": theirs.pk, "quantity": 1}],
        },
        format="json",
    )

    assert response.status_code == 400 and response.json()["message"] == services.MSG_UNKNOWN_PRODUCT
    assert not Order.objects.exists()


def test_another_accounts_mail_and_mailbox_are_out_of_reach(pro_api, pro):
    stranger = UserFactory(plan_abonnement="pro")
    their_box = MailboxConnectionFactory(owner=stranger)
    their_mail = EmailFactory(owner=stranger, mailbox=their_box)

    assert pro_api.get(f"{EMAILS}/{their_mail.pk}").status_code == 404
    assert pro_api.post(f"{EMAILS}/{their_mail.pk}/order", {}, format="json").status_code == 404
    assert pro_api.get(CONNECTION).json()["connected"] is False
    assert pro_api.delete(CONNECTION).status_code == 404
    assert MailboxConnection.objects.filter(owner=stranger).exists()


def test_it_requires_authentication():
    client = APIClient()
    assert client.get(CONNECTION).status_code == 401
    assert client.get("/api/v1/mailbox/presets").status_code == 401
    assert client.get(f"{EMAILS}/1").status_code == 401


def test_the_demo_mails_go_through_the_real_pipeline_once(pro_api, pro):
    from demo.mailbox import seed_mailbox

    wax = ProductFactory(owner=pro, sku="AK01", name="Pagne wax 6 yards", aliases=["pagne wax"])
    scarf = ProductFactory(owner=pro, sku="AK09", name="Foulard en wax", aliases=["foulard"])
    now = timezone.now()

    assert seed_mailbox(pro, now=now) == 4
    assert seed_mailbox(pro, now=now) == 0

    order = Email.objects.get(owner=pro, subject="Commande pour le mariage de ma sœur")
    assert order.category == "commande"
    assert {(line["product_id"], line["quantity"]) for line in order.order_lines} == {(wax.pk, 6), (scarf.pk, 2)}
    invoice = Email.objects.get(owner=pro, subject__startswith="Facture F-2026-0412")
    assert invoice.category == "facture" and invoice.attachments[0]["name"] == "facture-F-2026-0412.pdf"
    assert Email.objects.get(owner=pro, subject__startswith="-30 %").category in {"newsletter", "spam"}
    counters = pro_api.get(EMAILS).json()["counters"]
    assert counters["mis_de_cote"] == 1 and counters["tous"] == 3
