"""Each dashboard page in Chromium, as the seeded demo account, against the real API."""

import re

import pytest

from conversations.models import Message
from emails.models import Email
from logistics.models import Delivery

from .dashboard_helpers import DESKTOP, PHONE, sign_in_demo, sign_in_through_api

pytestmark = [pytest.mark.browser]


def test_the_home_page_shows_the_four_figures_and_the_recent_activity(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url)
    page.get_by_role("heading", name="Bienvenue Aya !").wait_for()
    cards = page.get_by_test_id("kpi-card")
    cards.first.wait_for()
    assert cards.count() == 4
    activity = page.get_by_test_id("recent-activity").get_by_role("link")
    assert activity.count() > 0
    page.get_by_role("link", name="Configurer l'IA").click()
    page.wait_for_url(live_url + "/dashboard/profile#configuration-ia")
    page.get_by_role("heading", name="Configuration de l'IA").wait_for()
    assert console.errors == []


def test_a_new_account_sees_empty_states_that_say_what_to_do_first(page, console, live_url, gratuit_user):
    page.set_viewport_size(DESKTOP)
    sign_in_through_api(page, live_url, gratuit_user.adresse_email)
    page.get_by_text("Aucune activité pour le moment").wait_for()
    page.goto(live_url + "/dashboard/conversations")
    page.get_by_text("Aucune conversation pour le moment").wait_for()
    assert page.get_by_role("link", name="Connecter WhatsApp").is_visible()
    page.goto(live_url + "/dashboard/emails")
    page.get_by_text("Aucun e-mail résumé pour le moment").wait_for()
    # The free plan sees what it takes to connect a mailbox (the plans that sell the e-mail assistant), and
    # connecting WhatsApp brings no e-mail.
    page.get_by_test_id("mailbox-plan").wait_for()
    assert "Pro Business" in page.get_by_test_id("mailbox-plan").inner_text()
    assert "pas encore disponible" not in page.locator("main").inner_text()
    assert page.get_by_role("link", name="Connecter WhatsApp").count() == 0
    page.goto(live_url + "/dashboard/logistics")
    page.get_by_text("Aucune livraison pour le moment").wait_for()
    assert console.errors == []


def test_a_failed_load_shows_the_error_and_the_retry_button_loads_again(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    failures = []

    def fail_once(route):
        # React Query retries once (SPEC.md section 9): both tries fail, the retry button's succeeds.
        if len(failures) < 2:
            failures.append(route.request.url)
            route.fulfill(
                status=503,
                json={"message": "Service momentanément indisponible", "error": "unavailable", "statusCode": 503},
            )
        else:
            route.continue_()

    page.route("**/api/v1/mailbox/emails?*", fail_once)
    sign_in_demo(page, live_url, "/dashboard/emails")
    alert = page.get_by_role("alert").filter(has_text="Erreur de chargement")
    alert.wait_for(timeout=15000)
    assert "Service momentanément indisponible" in alert.inner_text()
    alert.get_by_role("button", name="Réessayer").click()
    page.get_by_test_id("email").first.wait_for()
    assert [e for e in console.errors if "503" not in e] == []


def test_conversations_search_filter_open_reply_and_mark_as_read(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url, "/dashboard/conversations")
    rows = page.get_by_test_id("conversation-row")
    rows.first.wait_for()
    total = rows.count()
    assert total > 1

    page.get_by_role("button", name=re.compile(r"^Non lues")).click()
    page.wait_for_timeout(300)
    unread_rows = page.get_by_test_id("conversation-row")
    unread_rows.first.wait_for()
    assert all(row.get_by_test_id("unread-count").count() == 1 for row in unread_rows.all())
    first = unread_rows.first
    name = first.locator("span.truncate").first.inner_text()
    first.click()
    chat = page.get_by_role("region", name=f"Conversation avec {name}")
    chat.get_by_test_id("messages").wait_for()
    senders = set(chat.locator("[data-sender]").evaluate_all("els => els.map(e => e.dataset.sender)"))
    assert "user" in senders

    mark_read = chat.get_by_role("button", name="Marquer comme lu")
    assert mark_read.is_enabled()
    mark_read.click()
    page.locator("[data-toast=success]").filter(has_text="Conversation marquée comme lue").wait_for()
    page.wait_for_timeout(300)
    assert mark_read.is_disabled(), "nothing is left unread"

    chat.locator("textarea[name=content]").fill("Bonjour, votre commande part aujourd'hui.")
    with page.expect_response(re.compile(r"/api/v1/conversations/\d+/messages$")) as sent:
        chat.get_by_role("button", name="Envoyer").click()
    assert sent.value.status == 201
    mine = chat.locator("[data-sender=agent]").filter(has_text="Bonjour, votre commande part aujourd'hui.")
    mine.wait_for()
    # The demo account has no WhatsApp connection: the reply is stored, then fails with the reason shown.
    mine.get_by_test_id("message-error").wait_for(timeout=15000)
    assert "WhatsApp n'est pas connecté" in mine.inner_text()
    assert Message.objects.filter(content="Bonjour, votre commande part aujourd'hui.", status="failed").exists()

    page.get_by_role("button", name=re.compile(r"^Toutes")).click()
    page.get_by_label("Rechercher une conversation").fill(name)
    page.wait_for_timeout(600)
    assert page.get_by_test_id("conversation-row").count() >= 1
    assert all(name in row.inner_text() for row in page.get_by_test_id("conversation-row").all())
    page.get_by_label("Rechercher une conversation").fill("zzzz-personne")
    page.get_by_text("Aucune conversation ne correspond à votre recherche.").wait_for()
    assert console.errors == []


def test_on_a_phone_the_conversation_list_and_the_chat_are_two_views(page, console, live_url, demo_user):
    page.set_viewport_size(PHONE)
    sign_in_demo(page, live_url, "/dashboard/conversations")
    row = page.get_by_test_id("conversation-row").first
    row.wait_for()
    row.click()
    page.get_by_test_id("messages").wait_for()
    assert not page.get_by_label("Rechercher une conversation").is_visible()
    page.get_by_role("button", name="Retour aux conversations").click()
    page.get_by_label("Rechercher une conversation").wait_for()
    assert not page.get_by_test_id("messages").is_visible()
    assert console.errors == []


def test_emails_filters_counters_priorities_summary_and_mark_as_read(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url, "/dashboard/emails")
    page.get_by_test_id("email").first.wait_for()
    assert int(page.get_by_test_id("counter-tous").inner_text()) == (
        Email.objects.filter(owner=demo_user).exclude(category__in=["newsletter", "spam"]).count()
    )
    unread_before = int(page.get_by_test_id("counter-non_lus").inner_text())
    assert unread_before > 0
    text = page.locator("main").inner_text()
    assert "Résumé IA" in text
    assert re.search(r"\b(Urgent|Normal|Faible)\b", text)

    page.get_by_role("button", name=re.compile(r"^Commandes")).click()
    page.wait_for_timeout(300)
    page.get_by_test_id("email").first.wait_for()
    assert page.get_by_test_id("email").count() == min(int(page.get_by_test_id("counter-commandes").inner_text()), 20)

    page.get_by_role("button", name=re.compile(r"^Non lus")).click()
    page.wait_for_timeout(300)
    with page.expect_response(re.compile(r"/read$")):
        page.get_by_test_id("email").first.get_by_role("button", name="Marquer comme lu").click()
    page.get_by_test_id("counter-non_lus").filter(has_text=str(unread_before - 1)).wait_for()
    assert console.errors == []


def test_logistics_counters_status_step_schedule_delay_assign_and_optimise(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url, "/dashboard/logistics")
    page.get_by_test_id("delivery").first.wait_for()
    page.get_by_test_id("driver").first.wait_for()
    counters = page.get_by_test_id("logistics-counter")
    assert counters.count() == 7

    # One step forward along the allowed transitions.
    page.get_by_role("button", name="En attente", exact=True).click()
    card = page.get_by_test_id("delivery").first
    card.get_by_role("button", name="Passer à « Préparation »").wait_for()
    reference = card.get_attribute("data-reference")
    card.get_by_role("button", name="Passer à « Préparation »").click()
    page.locator("[data-toast=success]").filter(has_text="Statut mis à jour").wait_for()
    assert Delivery.objects.get(reference=reference).status == "preparing"
    page.get_by_role("button", name="Toutes", exact=True).click()

    # Planifier.
    page.get_by_role("button", name="Planifier une livraison").first.click()
    form = page.get_by_test_id("logistics-form")
    form.locator("input[name=customer]").fill("Mariam Traoré")
    form.locator("input[name=phone]").fill("+2250505050505")
    form.locator("input[name=address]").fill("Rue des Jardins, II Plateaux")
    form.locator("select[name=commune]").select_option("Cocody")
    form.locator("textarea[name=products]").fill("Attiéké 2 kg, Poisson braisé")
    form.locator("input[name=amount]").fill("12500")
    form.get_by_role("button", name="Planifier").click()
    page.locator("[data-toast=success]").filter(has_text="Livraison planifiée").wait_for()
    created = Delivery.objects.get(owner=demo_user, customer_name="Mariam Traoré")
    assert created.products == ["Attiéké 2 kg", "Poisson braisé"]
    page.locator(f"[data-reference='{created.reference}']").wait_for()

    # Assigner un livreur.
    page.get_by_role("button", name="Assigner un livreur").click()
    form = page.get_by_test_id("logistics-form")
    form.locator("select[name=reference]").select_option(created.reference)
    form.get_by_role("button", name="Assigner").click()
    page.locator("[data-toast=success]").filter(has_text="Livreur assigné").wait_for()
    created.refresh_from_db()
    assert created.driver_id is not None

    # Signaler un retard.
    page.get_by_role("button", name="Signaler un retard").click()
    form = page.get_by_test_id("logistics-form")
    form.locator("select[name=reference]").select_option(created.reference)
    form.locator("textarea[name=note]").fill("Embouteillage au Plateau")
    form.get_by_role("button", name="Signaler le retard").click()
    page.locator("[data-toast=success]").filter(has_text="Retard signalé").wait_for()
    page.locator(f"[data-reference='{created.reference}']").get_by_text("Embouteillage au Plateau").wait_for()

    # Optimiser les trajets.
    page.get_by_role("button", name="Optimiser les trajets").click()
    form = page.get_by_test_id("logistics-form")
    form.locator("select[name=driver_id]").select_option(str(created.driver_id))
    form.get_by_role("button", name="Calculer l'ordre").click()
    route = page.get_by_test_id("optimised-route")
    route.wait_for()
    assert "Nouvel ordre de tournée" in route.inner_text()
    assert created.reference in route.inner_text()
    assert console.errors == []


def test_an_impossible_status_change_shows_the_servers_french_message(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    # A delivery in preparation without a driver cannot go "En route" (the server's rule).
    delivery = Delivery.objects.filter(owner=demo_user, status__in=["pending", "preparing"]).first()
    Delivery.objects.filter(pk=delivery.pk).update(status="preparing", driver=None)
    sign_in_demo(page, live_url, "/dashboard/logistics")
    page.get_by_role("button", name="Préparation", exact=True).click()
    card = page.locator(f"[data-reference='{delivery.reference}']")
    card.get_by_role("button", name="Passer à « En route »").click()
    toast = page.locator("[data-toast=error]").filter(has_text="Changement de statut refusé")
    toast.wait_for()
    assert f"Assignez un livreur avant de mettre la livraison {delivery.reference} en route." in toast.inner_text()
    assert [e for e in console.errors if "400" not in e] == []


def test_statistics_show_kpis_two_charts_and_three_predictions_each_saying_how(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url, "/dashboard/profile")
    page.get_by_role("heading", name="Mon profil").wait_for()

    page.get_by_role("navigation", name="Navigation du tableau de bord").get_by_role(
        "link", name="Statistiques"
    ).click()
    page.get_by_role("heading", name="Statistiques et prévisions").wait_for()
    kpis = page.get_by_test_id("analytics-kpi")
    kpis.first.wait_for()
    assert kpis.count() >= 4
    for kpi in kpis.all():
        assert len(kpi.get_by_test_id("how-computed").inner_text()) > 20, "each figure says how it is computed"
    products = page.get_by_test_id("forecast-product")
    products.first.wait_for()
    assert products.count() == 9
    for honesty in page.get_by_test_id("forecast-honesty").all():
        assert "Basée sur" in honesty.inner_text()
    for chart in ["accuracy", "sales-by-city"]:
        drawing = page.get_by_test_id(chart).get_by_role("img")
        drawing.wait_for()
        # One bar per row, each as long as its value allows: drawn, not empty.
        widths = drawing.locator("rect").evaluate_all("bars => bars.map((b) => b.getBoundingClientRect().width)")
        assert widths and max(widths) > 20, widths
        assert drawing.bounding_box()["height"] >= 32 * len(widths)
    assert "F CFA" in page.get_by_test_id("sales-by-city").get_by_role("img").text_content().replace("\u00a0", " ")
    assert console.errors == [], "no CSP violation"


def test_a_profile_edit_survives_a_reload_and_updates_the_signed_in_user(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url, "/dashboard/profile")
    prenom = page.get_by_label("Prénom")
    prenom.wait_for()
    assert prenom.get_attribute("readonly") is not None
    assert page.get_by_label("Adresse e-mail").input_value() == "demo@flux-ia.ci"

    page.get_by_role("region", name="Informations personnelles").get_by_role("button", name="Modifier").click()
    prenom.fill("Ayaba")
    page.get_by_label("Adresse", exact=True).fill("Rue 12, Zone 4, Marcory, Abidjan")
    page.get_by_role("button", name="Annuler").click()
    assert prenom.input_value() == "Aya"

    page.get_by_role("region", name="Informations personnelles").get_by_role("button", name="Modifier").click()
    prenom.fill("Ayaba")
    page.get_by_label("Adresse", exact=True).fill("Rue 12, Zone 4, Marcory, Abidjan")
    with page.expect_response(lambda r: r.url.endswith("/api/v1/auth/me") and r.request.method == "PATCH") as saved:
        page.get_by_role("button", name="Sauvegarder").click()
    assert saved.value.status == 200
    page.locator("[data-toast=success]").filter(has_text="Profil mis à jour").wait_for()
    assert prenom.get_attribute("readonly") is not None
    assert "Ayaba Koné" in page.get_by_test_id("sidebar-footer").inner_text(), "the auth context's user is updated"

    page.reload()
    page.get_by_label("Prénom").wait_for()
    assert page.get_by_label("Prénom").input_value() == "Ayaba"
    assert page.get_by_label("Adresse", exact=True).input_value() == "Rue 12, Zone 4, Marcory, Abidjan"
    demo_user.refresh_from_db()
    assert demo_user.prenom == "Ayaba"
    assert console.errors == []


def test_a_refused_profile_value_shows_the_servers_message_on_its_field(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url, "/dashboard/profile")
    page.get_by_role("region", name="Informations personnelles").get_by_role("button", name="Modifier").click()
    page.get_by_label("Prénom").fill("A")
    page.get_by_role("button", name="Sauvegarder").click()
    page.get_by_text("Le prénom doit contenir au moins 2 caractères").first.wait_for()
    demo_user.refresh_from_db()
    assert demo_user.prenom == "Aya"
    assert [e for e in console.errors if "400" not in e] == []


def test_the_ai_configuration_notifications_and_subscription_are_the_accounts(page, console, live_url, demo_user):
    from preferences.models import AccountPreferences

    page.set_viewport_size(DESKTOP)
    sign_in_demo(page, live_url, "/dashboard/profile#parametres")
    ai = page.get_by_role("region", name="Configuration de l'IA")
    ai.get_by_test_id("ai-summary").wait_for()
    ai.get_by_role("button", name="Modifier").click()
    ai.get_by_label("Anglais").uncheck()
    ai.locator("select[name=tone]").select_option("amical")
    ai.get_by_label("dimanche").check()
    ai.locator("input[name=opens]").fill("07:30")
    ai.locator("textarea[name=business_description]").fill("Boutique de pagnes et de wax à Treichville.")
    ai.get_by_role("button", name="Sauvegarder").click()
    page.locator("[data-toast=success]").filter(has_text="Configuration de l'IA enregistrée").wait_for()
    summary = ai.get_by_test_id("ai-summary").inner_text()
    assert "Amical" in summary and "07:30" in summary and "wax" in summary

    weekly = page.get_by_role("switch", name="Rapports hebdomadaires")
    assert weekly.get_attribute("aria-checked") == "false"
    assert page.get_by_role("switch", name="Nouveaux messages").get_attribute("aria-checked") == "true"
    weekly.click()
    page.locator("[data-toast=success]").filter(has_text="Notification activée").wait_for()

    page.reload()
    page.get_by_role("switch", name="Rapports hebdomadaires").wait_for()
    assert page.get_by_role("switch", name="Rapports hebdomadaires").get_attribute("aria-checked") == "true"
    assert AccountPreferences.objects.get(owner=demo_user).weekly_reports is True

    card = page.get_by_test_id("subscription-card")
    card.get_by_text("Pro Business").wait_for()
    assert "89 355 F CFA" in card.inner_text().replace("\u00a0", " ").replace("\u202f", " ")
    assert "Prochaine facturation" in card.inner_text()
    assert console.errors == []


def test_a_failed_home_load_says_erreur_de_chargement_and_retries(page, console, live_url, demo_user):
    page.set_viewport_size(DESKTOP)
    failures = []

    def fail_twice(route):
        if len(failures) < 2:
            failures.append(route.request.url)
            route.fulfill(
                status=500, json={"message": "Une erreur est survenue", "error": "server_error", "statusCode": 500}
            )
        else:
            route.continue_()

    page.route("**/api/v1/auth/dashboard", fail_twice)
    sign_in_demo(page, live_url)
    page.locator("[data-toast=error]").filter(has_text="Erreur de chargement").wait_for(timeout=15000)
    page.get_by_role("alert").filter(has_text="Erreur de chargement").get_by_role("button", name="Réessayer").click()
    page.get_by_test_id("kpi-card").first.wait_for()
    assert page.get_by_test_id("kpi-card").count() == 4
    assert [e for e in console.errors if "500" not in e] == []
