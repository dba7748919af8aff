"""Full registration in Chromium: form with a photo, the code from the e-mail, OTP, login, dashboard."""

import io
import re

import pytest
from PIL import Image

from accounts.models import User

from .conftest import code_sent_to, local_storage, on_protected_page

pytestmark = [pytest.mark.browser]

EMAIL = "awa.kone@example.ci"
PASSWORD = "Garba2025Kedjenou"


def png_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (16, 16), (5, 150, 105)).save(buffer, "PNG")
    return buffer.getvalue()


def fill_registration(page, *, email: str = EMAIL, phone: str = "+2250701020304"):
    page.locator("input[name=nom]").fill("Koné")
    page.locator("input[name=prenom]").fill("Awa")
    page.locator("input[name=adresse_email]").fill(email)
    page.locator("input[name=numero_telephone]").fill(phone)
    page.locator("select[name=secteur_activite]").select_option("Mode et textile")
    page.locator("input[name=nom_entreprise]").fill("Boutique Akwaba")
    page.locator("input[name=mot_de_passe]").fill(PASSWORD)


def test_a_visitor_registers_with_a_photo_verifies_the_code_and_reaches_the_dashboard(
    page, console, live_url, smtp_sink
):
    page.goto(live_url + "/auth/register")
    assert page.locator("select[name=pays]").input_value() == "Côte d'Ivoire"
    fill_registration(page)
    page.locator("input[name=photo_profil]").set_input_files(
        files=[{"name": "moi.png", "mimeType": "image/png", "buffer": png_bytes()}]
    )
    page.get_by_text("moi.png").wait_for()
    page.get_by_role("button", name="Créer mon compte").click()

    page.wait_for_url(live_url + "/auth/otp")
    page.locator("[data-toast=success]").filter(has_text="Inscription réussie !").wait_for()
    page.get_by_text("Vérifiez votre email pour le code de vérification.").first.wait_for()
    assert page.get_by_test_id("masked-address").inner_text() == "a***e@example.ci"
    assert page.evaluate("sessionStorage.getItem('pending_email')") == EMAIL
    assert local_storage(page).get("flux_access_token") is None, "registration must not log in"

    user = User.objects.get(adresse_email=EMAIL)
    assert user.pays == "Côte d'Ivoire"
    assert str(user.numero_telephone) == "+2250701020304"
    assert user.photo_profil.name.startswith("profiles/")
    assert not user.compte_verifie

    code = code_sent_to(smtp_sink, EMAIL)
    verify = page.get_by_role("button", name="Vérifier le code")
    assert verify.is_disabled()
    page.locator("input[name=otp_code]").first.click()
    page.keyboard.type(code)
    verify.click()

    page.wait_for_url(live_url + "/auth/login")
    page.locator("[data-toast=success]").filter(has_text="Compte vérifié !").wait_for()
    page.get_by_text("Compte vérifié avec succès").wait_for()
    page.get_by_text("Compte vérifié ! Vous pouvez maintenant vous connecter.").wait_for()
    assert page.locator("input[name=adresse_email]").input_value() == EMAIL
    assert page.evaluate("sessionStorage.getItem('pending_email')") is None

    page.locator("input[name=mot_de_passe]").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.get_by_text("Bienvenue Awa Koné !").wait_for()
    on_protected_page(page, live_url + "/dashboard")
    page.get_by_role("heading", name="Bienvenue Awa !").first.wait_for()

    user.refresh_from_db()
    assert user.compte_verifie and user.otp_verified
    stored = local_storage(page)
    assert stored["flux_access_token"] and stored["flux_refresh_token"]
    assert '"adresse_email":"awa.kone@example.ci"' in stored["flux_user"]
    assert console.errors == []


def test_the_form_shows_the_spec_messages_on_their_fields(page, console, live_url):
    page.goto(live_url + "/auth/register")
    page.locator("input[name=nom]").fill("K")
    page.locator("input[name=mot_de_passe]").fill("motdepasse")
    page.get_by_role("button", name="Créer mon compte").click()

    nom = page.locator("input[name=nom]")
    assert nom.get_attribute("aria-invalid") == "true"
    described = page.locator(f"#{nom.get_attribute('aria-describedby')}")
    assert described.inner_text() == "Le nom doit contenir au moins 2 caractères"
    assert described.get_attribute("role") == "alert"
    page.get_by_text("Le prénom doit contenir au moins 2 caractères").wait_for()
    page.get_by_text("Adresse email invalide").wait_for()
    page.get_by_text("Numéro de téléphone trop court").wait_for()
    page.get_by_text("Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre").wait_for()
    assert page.url == live_url + "/auth/register"
    assert console.errors == []


def test_a_server_refusal_shows_the_registration_error_and_its_field_message(page, console, live_url, verified_user):
    page.goto(live_url + "/auth/register")
    fill_registration(page, email=verified_user.adresse_email)
    page.get_by_role("button", name="Créer mon compte").click()

    toast = page.locator("[data-toast=error]").filter(has_text="Erreur d'inscription")
    toast.wait_for()
    assert re.search("existe déjà", toast.inner_text())
    assert page.url == live_url + "/auth/register"
    # Chromium logs the failed request (409) itself; the app logs nothing.
    assert [e for e in console.errors if "status of 409" not in e] == []


def test_the_country_picker_rewrites_the_dial_code_and_the_country(page, live_url):
    page.goto(live_url + "/auth/register")
    phone = page.locator("input[name=numero_telephone]")
    assert phone.input_value() == "+225"
    phone.fill("0701020304")
    assert phone.input_value() == "+2250701020304"
    page.locator("select[name=pays]").select_option("Sénégal")
    assert phone.input_value() == "+2210701020304"
    page.get_by_role("button", name="Créer mon compte").click()
    page.get_by_text("Le numéro doit commencer par +225 et contenir entre 8 à 10 chiffres").wait_for()
