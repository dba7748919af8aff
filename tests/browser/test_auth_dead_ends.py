"""Issue 18's dead ends of a new owner's first hour, at 390 px: each test walks to where the owner
used to be stuck and checks the way through.

1. Sign-up by phone: the code goes out by WhatsApp (a fake Graph API, a real HTTP server on
   127.0.0.1), is verified, and the owner logs in with the number as people write it.
2. Five wrong codes: « Renvoyer le code » is offered at once, one error toast at a time, and the
   countdown follows the server's expiry across a reload.
6. The profile photo shows in the header, the sidebar footer and the profile, and can be changed.
7. « Se reconnecter » on « Accès non autorisé » logs out, then shows the login screen.
8. Quick register shows the password rules while typing; a new account is invited to complete its
   profile; the profile's WhatsApp number comes from registration and numbers are stored in E.164.
9. Toasts never cover the main button; the OTP screen's toast does not follow onto the dashboard.
"""

import io
import re

import pytest
from PIL import Image

from accounts.models import User
from accounts.tests.factories import UserFactory
from integrations.tests.fake_graph import VERSION, FakeGraph

from .conftest import code_sent_to, on_protected_page, sign_in
from .dashboard_helpers import PHONE

pytestmark = [pytest.mark.browser]

PLATFORM_NUMBER_ID = "998877665544"
NUMBER = "+2250707070707"
NEW_PASSWORD = "Rapide2025x"


@pytest.fixture
def phone_page(page):
    page.set_viewport_size(PHONE)
    return page


@pytest.fixture
def platform_graph(settings):
    """The platform's WhatsApp number, talking to a fake Graph API."""
    fake = FakeGraph().start()
    settings.WHATSAPP_GRAPH_URL = fake.url
    settings.WHATSAPP_GRAPH_VERSION = VERSION
    settings.WHATSAPP_GRAPH_RETRY_DELAY = 0.01
    settings.PLATFORM_WHATSAPP_PHONE_NUMBER_ID = PLATFORM_NUMBER_ID
    settings.PLATFORM_WHATSAPP_TOKEN = "EAAGplatformToken"
    settings.PLATFORM_WHATSAPP_AUTH_TEMPLATE = "code_verification"
    settings.PHONE_CODE_SENDER = "integrations.whatsapp.auth_codes.auth_code_send"
    yield fake
    fake.stop()


def whatsapp_code(graph: FakeGraph, page, *, after: int = 0) -> str:
    for _ in range(200):
        sends = graph.sends()
        if len(sends) > after:
            send = sends[after]
            assert send.path == f"/{VERSION}/{PLATFORM_NUMBER_ID}/messages"
            assert send.body["to"] == NUMBER.lstrip("+") and send.body["type"] == "template"
            return send.body["template"]["components"][0]["parameters"][0]["text"]
        page.wait_for_timeout(50)
    raise AssertionError("no code reached the fake Graph API")


def type_code(page, code: str) -> None:
    page.locator("input[name=otp_code]").first.click()
    page.keyboard.type(code)


def boxes_overlap(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def assert_toasts_clear_of(page, button) -> None:
    """Every toast on screen leaves ``button`` uncovered."""
    target = button.bounding_box()
    assert target is not None
    for toast in page.locator("[data-toast]").all():
        box = toast.bounding_box()
        if box is not None:
            assert not boxes_overlap(box, target), f"a toast covers « {button.inner_text()} »: {box} over {target}"


def test_1_a_phone_sign_up_gets_its_code_by_whatsapp_and_logs_in_with_its_number(
    phone_page, console, live_url, platform_graph
):
    page = phone_page
    page.goto(live_url + "/auth/quick-register")
    page.get_by_role("radio", name="Téléphone").click()
    page.locator("input[name=numero_telephone]").fill("+2250707070707")
    page.locator("input[name=mot_de_passe]").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Créer mon compte").click()

    page.wait_for_url(live_url + "/auth/otp")
    page.get_by_text("par WhatsApp").wait_for()
    # The dead end: the link used to offer to change an e-mail this account does not have.
    assert page.get_by_role("link", name="Changer d'email").count() == 0
    assert page.get_by_role("link", name="Changer de numéro").get_attribute("href") == "/auth/quick-register"
    code = whatsapp_code(platform_graph, page)
    type_code(page, code)
    page.get_by_role("button", name="Vérifier le code").click()

    page.wait_for_url(live_url + "/auth/login")
    page.get_by_text("Compte vérifié avec succès").wait_for()
    assert page.locator("input[name=adresse_email]").input_value() == "+225 07 07 07 07 07"
    # The dead end: « 0707070707 » used to be refused as « Adresse email invalide ».
    page.locator("input[name=adresse_email]").fill("07 07 07 07 07")
    page.locator("input[name=mot_de_passe]").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    on_protected_page(page, live_url + "/dashboard")
    assert page.get_by_text("Adresse email invalide").count() == 0
    user = User.objects.get(numero_telephone=NUMBER)
    assert user.compte_verifie and user.adresse_email is None and user.whatsapp == NUMBER

    # 8: a new account with no name or company is invited to complete its profile (and may close it).
    card = page.get_by_test_id("complete-profile")
    card.wait_for()
    assert "Complétez votre profil" in card.inner_text()
    page.get_by_role("button", name="Masquer l'invitation à compléter le profil").click()
    assert card.count() == 0
    page.reload()
    on_protected_page(page, live_url + "/dashboard")
    assert page.get_by_test_id("complete-profile").count() == 0
    # 9: the OTP screen's « Compte vérifié ! » did not follow onto the dashboard.
    assert page.locator("[data-toast]").filter(has_text="Compte vérifié").count() == 0
    assert [e for e in console.errors if "status of 4" not in e] == []


def test_1b_an_account_created_by_phone_resets_its_forgotten_password_by_whatsapp(
    phone_page, console, live_url, platform_graph
):
    """The dead end: « Mot de passe oublié » only took an e-mail, which a phone account has not."""
    page = phone_page
    user = User(adresse_email=None, numero_telephone=NUMBER, compte_verifie=True, otp_verified=True)
    user.set_password("Ancien2025x")
    user.save()

    page.goto(live_url + "/auth/forgot-password")
    page.get_by_label("Email ou numéro de téléphone").fill("07 07 07 07 07")
    page.get_by_role("button", name="Recevoir un code").click()
    page.get_by_text("vient de lui être envoyé par WhatsApp").wait_for()
    page.get_by_text("Code reçu par WhatsApp").wait_for()
    type_code(page, whatsapp_code(platform_graph, page))
    page.locator("input[name=mot_de_passe]").fill(NEW_PASSWORD)
    page.locator("input[name=confirmation_mot_de_passe]").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Réinitialiser le mot de passe").click()

    page.wait_for_url(live_url + "/auth/login")
    page.get_by_text("Mot de passe réinitialisé ! Vous pouvez maintenant vous connecter.").wait_for()
    page.locator("input[name=adresse_email]").fill("0707070707")
    page.locator("input[name=mot_de_passe]").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    on_protected_page(page, live_url + "/dashboard")
    assert console.errors == []


def test_2_five_wrong_codes_offer_a_new_code_at_once_and_the_countdown_survives_a_reload(
    phone_page, console, live_url, smtp_sink
):
    page = phone_page
    email = "awa.bloquee@example.ci"
    page.goto(live_url + "/auth/quick-register")
    page.locator("input[name=adresse_email]").fill(email)
    page.locator("input[name=mot_de_passe]").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Créer mon compte").click()
    page.wait_for_url(live_url + "/auth/otp")
    code = code_sent_to(smtp_sink, email)
    resend = page.get_by_role("button", name="Renvoyer le code")
    countdown = page.get_by_test_id("otp-countdown")
    assert resend.is_disabled()

    # The server's expiry, not a fresh 10:00, after a reload.
    page.wait_for_timeout(2100)
    page.reload()
    assert re.fullmatch(r"09:5[0-8]", countdown.inner_text()), countdown.inner_text()

    wrong = "000000" if code != "000000" else "111111"
    verify = page.get_by_role("button", name="Vérifier le code")
    for attempt in range(5):
        type_code(page, wrong)
        verify.click()
        page.locator("#otp-error").wait_for()
        # 9: one error toast at a time, and none over the buttons.
        assert page.locator("[data-toast=error]").count() == 1
        assert_toasts_clear_of(page, verify)
        assert_toasts_clear_of(page, resend)
        if attempt < 4:
            assert resend.is_disabled()
    # The dead end: after the fifth wrong code « Renvoyer le code » stayed disabled for ~9:50.
    page.locator("#otp-error").filter(has_text="Demandez un nouveau code").wait_for()
    assert resend.is_enabled()
    page.reload()
    assert page.get_by_role("button", name="Renvoyer le code").is_enabled(), "a dead code stays dead after a reload"

    page.get_by_role("button", name="Renvoyer le code").click()
    page.locator("[data-toast=success]").filter(has_text="Code renvoyé !").wait_for()
    assert re.fullmatch(r"(10:00|09:5\d)", countdown.inner_text())
    type_code(page, code_sent_to(smtp_sink, email, after=1))
    page.get_by_role("button", name="Vérifier le code").click()
    page.wait_for_url(live_url + "/auth/login")
    assert User.objects.get(adresse_email=email).compte_verifie
    assert [e for e in console.errors if "status of 4" not in e] == []


def png_bytes(color=(16, 185, 129)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), color).save(buffer, format="PNG")
    return buffer.getvalue()


def test_6_the_profile_photo_shows_everywhere_and_the_owner_changes_it(phone_page, console, live_url):
    page = phone_page
    user = UserFactory(prenom="Awa", nom="Koné", numero_telephone="+2250505050505", whatsapp="+2250505050505")
    sign_in(page, live_url, user.adresse_email)
    # No photo yet: initials.
    menu = page.get_by_role("button", name=re.compile("^Menu utilisateur"))
    assert menu.get_by_test_id("user-avatar-initials").inner_text() == "AK"

    page.goto(live_url + "/dashboard/profile")
    on_protected_page(page, live_url + "/dashboard/profile")
    page.locator("input[name=photo_profil]").set_input_files(
        {"name": "moi.png", "mimeType": "image/png", "buffer": png_bytes()}
    )
    page.locator("[data-toast=success]").filter(has_text="Photo mise à jour").wait_for()
    user.refresh_from_db()
    assert user.photo_profil
    photo_url = page.get_by_test_id("user-avatar-photo").first.get_attribute("src")
    assert photo_url.endswith(user.photo_profil.url)
    # The photo loads (a real image, served from MEDIA_URL) in the header, the profile and the sidebar.
    header_photo = page.get_by_role("button", name=re.compile("^Menu utilisateur")).get_by_test_id("user-avatar-photo")
    header_photo.wait_for()
    # (a loaded machine may take a moment to decode it)
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=header_photo.element_handle())
    page.get_by_role("button", name="Ouvrir le menu").click()
    page.locator("[data-testid=sidebar-footer]:visible [data-testid=user-avatar-photo]").wait_for()

    # A reload keeps it (it comes from /auth/me, not from the upload's answer only).
    page.reload()
    on_protected_page(page, live_url + "/dashboard/profile")
    page.get_by_role("button", name=re.compile("^Menu utilisateur")).get_by_test_id("user-avatar-photo").wait_for()
    # 8/11: phone numbers read as people read them.
    assert page.get_by_label("WhatsApp").input_value() == "+225 05 05 05 05 05"
    assert console.errors == []


def test_8_the_profile_stores_numbers_in_e164_and_registration_fills_the_whatsapp_number(
    phone_page, console, live_url, smtp_sink
):
    page = phone_page
    response = page.request.post(
        live_url + "/api/v1/auth/registers",
        data={
            "nom": "Koné",
            "prenom": "Awa",
            "adresse_email": "awa.profil@example.ci",
            "numero_telephone": "+2250505123456",
            "pays": "Côte d'Ivoire",
            "mot_de_passe": "Attieke2025",
        },
    )
    assert response.status == 201
    User.objects.filter(adresse_email="awa.profil@example.ci").update(compte_verifie=True, otp_verified=True)
    sign_in(page, live_url, "awa.profil@example.ci", "Attieke2025")
    page.goto(live_url + "/dashboard/profile")
    on_protected_page(page, live_url + "/dashboard/profile")
    # The dead end: the WhatsApp field was empty although registration asked for « Numéro WhatsApp ».
    assert page.get_by_label("WhatsApp").input_value() == "+225 05 05 12 34 56"
    personal = page.get_by_role("region", name="Informations personnelles")
    personal.get_by_role("button", name="Modifier").click()
    page.get_by_label("Téléphone").fill("0707123456")
    personal.get_by_role("button", name="Sauvegarder").click()
    page.locator("[data-toast=success]").filter(has_text="Profil mis à jour").wait_for()
    user = User.objects.get(adresse_email="awa.profil@example.ci")
    # The dead end: « 0707123456 » was saved without +225.
    assert str(user.numero_telephone) == "+2250707123456"
    assert user.whatsapp == "+2250505123456"
    assert page.get_by_label("Téléphone").input_value() == "+225 07 07 12 34 56"
    assert console.errors == []


def test_7_se_reconnecter_logs_out_then_shows_the_login(phone_page, console, live_url):
    page = phone_page
    user = UserFactory(prenom="Koffi", nom="Yao")
    sign_in(page, live_url, user.adresse_email)
    page.goto(live_url + "/dashboard/analytics")
    page.get_by_role("heading", name="Accès non autorisé").wait_for()
    page.get_by_role("button", name="Se reconnecter").click()
    # The dead end: the guest guard sent the still signed-in owner back to the dashboard.
    page.wait_for_url(live_url + "/auth/login")
    page.get_by_role("button", name="Se connecter").wait_for()
    assert page.evaluate("() => localStorage.getItem('flux_access_token')") is None
    page.goto(live_url + "/dashboard")
    page.wait_for_url(re.compile(r"/auth/login$"))
    assert console.errors == []


def test_8_quick_register_shows_the_password_rules_while_typing(phone_page, live_url):
    page = phone_page
    page.goto(live_url + "/auth/quick-register")
    rules = page.get_by_test_id("password-rules")
    # Before any submit, the rules are there...
    rules.wait_for()
    assert rules.locator("[data-met=true]").count() == 0
    page.locator("input[name=mot_de_passe]").press_sequentially("abc")
    assert rules.locator("li", has_text="Une minuscule").get_attribute("data-met") == "true"
    assert rules.locator("li", has_text="Une majuscule").get_attribute("data-met") == "false"
    page.locator("input[name=mot_de_passe]").press_sequentially("DEF123")
    assert rules.locator("[data-met=true]").count() == 4
    # ...and a weak password is refused on the page with the registration's messages.
    page.locator("input[name=mot_de_passe]").fill("faible")
    page.locator("input[name=adresse_email]").fill("x@example.ci")
    page.get_by_role("button", name="Créer mon compte").click()
    page.get_by_text("Le mot de passe doit contenir au moins 8 caractères").wait_for()


def test_9_toasts_after_login_leave_the_main_buttons_free(phone_page, console, live_url):
    page = phone_page
    user = UserFactory(prenom="Awa", nom="Koné")
    sign_in(page, live_url, user.adresse_email)
    toast = page.locator("[data-toast=success]").filter(has_text="Connexion réussie")
    toast.wait_for()
    # The dead end: the login toast covered « Connecter WhatsApp » on a phone.
    connect = page.get_by_role("button", name="Connecter WhatsApp").first
    connect.scroll_into_view_if_needed()
    assert_toasts_clear_of(page, connect)
    connect.click(trial=True)
    # Nor the header's buttons.
    assert_toasts_clear_of(page, page.get_by_role("button", name="Ouvrir le menu"))
    assert_toasts_clear_of(page, page.get_by_role("button", name=re.compile("^Menu utilisateur")))
    # And it goes by itself.
    toast.wait_for(state="detached", timeout=6000)
    assert console.errors == []
