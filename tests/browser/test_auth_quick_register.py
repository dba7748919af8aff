"""Quick register in Chromium: by e-mail to the dashboard, by phone to the OTP screen, a refusal."""

import pytest

from accounts.models import User

from .conftest import code_sent_to, on_protected_page

pytestmark = [pytest.mark.browser]

EMAIL = "adjoua.rapide@example.ci"
PASSWORD = "Alloco2025"


def test_a_quick_register_by_email_goes_through_the_code_to_the_dashboard(page, console, live_url, smtp_sink):
    page.goto(live_url + "/auth/quick-register")
    page.locator("input[name=adresse_email]").fill(EMAIL)
    page.locator("input[name=mot_de_passe]").fill(PASSWORD)

    held, released = [], []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/v1/auth/quick-register", hold)
    page.get_by_role("button", name="Créer mon compte").click()
    loading = page.get_by_role("button", name="Chargement...")
    loading.wait_for()
    assert loading.is_disabled()
    while not held:
        page.wait_for_timeout(50)
    assert held[0].request.post_data_json == {"type": "email", "adresse_email": EMAIL, "mot_de_passe": PASSWORD}
    released.append(True)
    held[0].continue_()

    page.wait_for_url(live_url + "/auth/otp")
    assert page.get_by_test_id("masked-address").inner_text() == "a***e@example.ci"
    code = code_sent_to(smtp_sink, EMAIL)
    page.locator("input[name=otp_code]").first.click()
    page.keyboard.type(code)
    page.get_by_role("button", name="Vérifier le code").click()

    page.wait_for_url(live_url + "/auth/login")
    page.get_by_text("Compte vérifié avec succès").wait_for()
    page.locator("input[name=mot_de_passe]").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    on_protected_page(page, live_url + "/dashboard")
    assert User.objects.get(adresse_email=EMAIL).compte_verifie
    assert console.errors == []


def test_a_quick_register_by_phone_sends_the_number_with_its_plus(page, live_url):
    page.goto(live_url + "/auth/quick-register")
    page.get_by_role("radio", name="Téléphone").click()
    phone = page.locator("input[name=numero_telephone]")
    assert phone.input_value() == "+225"
    phone.fill("0707070707")
    page.locator("input[name=mot_de_passe]").fill(PASSWORD)
    with page.expect_request("**/api/v1/auth/quick-register") as sent:
        page.get_by_role("button", name="Créer mon compte").click()
    assert sent.value.post_data_json == {
        "type": "phone",
        "numero_telephone": "+2250707070707",
        "mot_de_passe": PASSWORD,
    }
    page.wait_for_url(live_url + "/auth/otp")
    assert page.get_by_test_id("masked-address").inner_text() == "+225***07"


def test_a_refused_quick_register_shows_erreur_and_the_message(page, live_url, verified_user):
    page.goto(live_url + "/auth/quick-register")
    page.locator("input[name=adresse_email]").fill(verified_user.adresse_email)
    page.locator("input[name=mot_de_passe]").fill(PASSWORD)
    page.get_by_role("button", name="Créer mon compte").click()
    alert = page.locator("main").get_by_role("alert")
    alert.wait_for()
    assert alert.inner_text().startswith("Erreur : Un compte vérifié existe déjà")
    assert page.url == live_url + "/auth/quick-register"


def test_the_quick_register_fields_are_required(page, live_url):
    page.goto(live_url + "/auth/quick-register")
    page.get_by_role("button", name="Créer mon compte").click()
    page.get_by_text("L'adresse email est requise").wait_for()
    page.get_by_text("Le mot de passe est requis").wait_for()
    assert page.locator("input[name=adresse_email]").get_attribute("type") == "email"
    assert page.locator("input[name=adresse_email]").get_attribute("required") is not None
