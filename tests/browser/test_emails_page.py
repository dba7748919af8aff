"""« Emails résumés » at 390 px against a real Dovecot: connect the mailbox from the page, see the
mails sorted and summarised, filter « Commandes », open one and create its order; a refused login
and a failing sync each show their French state."""

import re
from datetime import UTC, datetime

import pytest

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from emails.models import Email, MailboxConnection
from emails.tests import dovecot as dovecot_fixtures
from emails.tests import samples
from orders.models import Order

from .dashboard_helpers import PHONE, assert_no_horizontal_overflow, sign_in_through_api

# The real Dovecot of the e-mail tests (emails/tests/dovecot.py).
dovecot_server = dovecot_fixtures.dovecot_server
dovecot = dovecot_fixtures.dovecot

ORDER = {
    "subject": "Commande pour la boutique",
    "sender": "Awa Koné <awa.kone@example.ci>",
    "body": "Bonjour,\n\nJe voudrais commander 20 cartons de lait Bonnet Rouge et 3 sacs de riz parfumé 25 kg, "
    "livrés à Cocody jeudi.\n\nMerci,\nAwa",
}


@pytest.fixture
def in_process_tasks():
    """The tasks run in the live server's process (the embedded default of ``make run``)."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def pro_user(live_url):
    user = UserFactory(prenom="Awa", nom="Koné", plan_abonnement="pro")
    ProductFactory(owner=user, sku="LAIT", name="Lait Bonnet Rouge (carton)", price=12000, aliases=["lait"])
    ProductFactory(owner=user, sku="RIZ25", name="Riz parfumé 25 kg", price=17500, aliases=["riz"])
    return user


def wait_until(page, condition, what: str) -> None:
    for _ in range(150):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never happened: {what}")


def fill_connection(page, dovecot, address, password):
    form = page.get_by_test_id("mailbox-form")
    form.get_by_label("Fournisseur").select_option("autre")
    form.get_by_label("Serveur IMAP").fill("127.0.0.1")
    form.get_by_label("Port").fill(str(dovecot.port))
    form.get_by_label("Sécurité").select_option("none")
    form.get_by_label("Adresse e-mail").fill(address)
    form.get_by_label("Mot de passe d'application").fill(password)


def test_connect_the_mailbox_see_it_sorted_and_create_an_order(
    page, console, live_url, pro_user, dovecot, in_process_tasks
):
    address, password = dovecot.new_user()
    now = datetime.now(UTC)
    dovecot.append(
        address,
        password,
        [samples.plain(date=now, **ORDER), samples.with_attachments(), samples.newsletter(), samples.html_only()],
    )
    page.set_viewport_size(PHONE)
    sign_in_through_api(page, live_url, pro_user.adresse_email, path="/dashboard/emails")
    page.get_by_text("Connectez votre boîte e-mail").wait_for()
    assert "pas encore disponible" not in page.locator("main").inner_text()
    page.get_by_label("Fournisseur").select_option("gmail")
    assert "mot de passe d'application" in page.get_by_test_id("preset-help").inner_text()

    fill_connection(page, dovecot, address, "Pas-Le-Bon")
    page.get_by_role("button", name="Connecter la boîte").click()
    assert page.get_by_test_id("mailbox-form-error").inner_text().startswith("Connexion refusée")
    assert not MailboxConnection.objects.filter(owner=pro_user).exists()

    page.get_by_label("Mot de passe d'application").fill(password)
    page.get_by_role("button", name="Connecter la boîte").click()
    page.get_by_test_id("mailbox-address").wait_for()
    page.get_by_test_id("email").first.wait_for()
    assert Email.objects.filter(owner=pro_user).count() == 4
    state = page.get_by_test_id("mailbox-sync-state").inner_text()
    assert re.search(r"Dernière synchronisation (à l'instant|il y a)", state)
    assert int(page.get_by_test_id("counter-tous").inner_text()) == 3  # the newsletter is set aside
    assert int(page.get_by_test_id("counter-mis_de_cote").inner_text()) == 1
    assert "Résumé IA" in page.locator("main").inner_text()
    assert_no_horizontal_overflow(page)

    # A mail arriving later comes with « Resynchroniser ».
    dovecot.append(address, password, [samples.reply_with_thread()])
    page.get_by_role("button", name="Resynchroniser").click()
    wait_until(page, lambda: page.get_by_test_id("counter-tous").inner_text() == "4", "the new mail counted")

    page.get_by_role("button", name=re.compile("^Commandes")).click()
    orders = int(page.get_by_test_id("counter-commandes").inner_text())
    wait_until(page, lambda: page.get_by_test_id("email").count() == orders, "only the orders listed")
    assert 1 <= orders < 4
    card = page.get_by_test_id("email").filter(has_text=ORDER["subject"])
    card.get_by_role("button", name="Créer la commande").click()
    sheet = page.get_by_test_id("email-sheet")
    sheet.get_by_text("Résumé IA").wait_for()
    assert "objet d'origine" in sheet.inner_text()
    sheet.get_by_role("button", name="Créer la commande").click()
    lines = sheet.get_by_test_id("email-order-line")
    assert lines.count() == 2
    lines.first.get_by_label("Qté").fill("18")
    sheet.get_by_label("Numéro WhatsApp du client").fill("+225 07 07 08 09 10")
    sheet.get_by_label("Commune de livraison").select_option("pickup")
    sheet.get_by_role("button", name="Enregistrer la commande").click()
    page.get_by_text(re.compile(r"Commande CMD-\d{4}-\d+")).first.wait_for()

    order = Order.objects.get(owner=pro_user)
    assert {(line.sku, line.quantity) for line in order.lines.all()} == {("LAIT", 18), ("RIZ25", 3)}
    assert order.customer_name == "Awa Koné" and order.customer_phone == "+2250707080910"
    # The one refused login above is the only failed request.
    assert console.errors == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]


def test_a_failing_mailbox_shows_its_french_state(page, console, live_url, pro_user, dovecot, in_process_tasks):
    address, password = dovecot.new_user()
    page.set_viewport_size(PHONE)
    sign_in_through_api(page, live_url, pro_user.adresse_email, path="/dashboard/emails")
    fill_connection(page, dovecot, address, password)
    page.get_by_role("button", name="Connecter la boîte").click()
    page.get_by_test_id("mailbox-address").wait_for()
    MailboxConnection.objects.filter(owner=pro_user).update(port=1)  # the server moved away

    page.get_by_role("button", name="Resynchroniser").click()

    assert page.get_by_test_id("mailbox-error").inner_text().startswith("Serveur injoignable")
    assert console.errors == []
