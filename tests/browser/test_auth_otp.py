"""The OTP screen against the real API: wrong code, expired code, resend, countdown, paste."""

import re

import pytest

from accounts.models import User

from .conftest import code_sent_to, expire_codes_of

pytestmark = [pytest.mark.browser]

EMAIL = "koffi.yao@example.ci"


@pytest.fixture
def pending_registration(page, live_url, smtp_sink):
    """An account registered through the API, its code e-mailed, its address pending in the tab."""
    response = page.request.post(
        live_url + "/api/v1/auth/registers",
        data={
            "nom": "Yao",
            "prenom": "Koffi",
            "adresse_email": EMAIL,
            "numero_telephone": "+2250505050505",
            "pays": "Côte d'Ivoire",
            "mot_de_passe": "Attieke2025",
        },
    )
    assert response.status == 201, response.text()
    page.add_init_script(f"sessionStorage.setItem('pending_email', '{EMAIL}')")
    return User.objects.get(adresse_email=EMAIL)


def type_code(page, code: str) -> None:
    page.locator("input[name=otp_code]").first.click()
    page.keyboard.type(code)


def test_a_wrong_then_expired_code_unlocks_resend_which_resets_the_countdown(
    page, console, live_url, smtp_sink, pending_registration
):
    page.goto(live_url + "/auth/otp")
    first_code = code_sent_to(smtp_sink, EMAIL)
    resend = page.get_by_role("button", name="Renvoyer le code")
    countdown = page.get_by_test_id("otp-countdown")
    assert page.get_by_test_id("masked-address").inner_text() == "k***o@example.ci"
    assert re.fullmatch(r"(10:00|09:5\d)", countdown.inner_text())
    assert "Vous pourrez demander un nouveau code dans" in page.locator("#otp-timer").inner_text()
    assert resend.is_disabled()

    wrong = "000000" if first_code != "000000" else "111111"
    type_code(page, wrong)
    page.get_by_role("button", name="Vérifier le code").click()
    page.locator("[data-toast=error]").filter(has_text="Erreur de vérification").wait_for()
    page.locator("#otp-error").filter(has_text="Code OTP invalide").wait_for()
    assert resend.is_disabled(), "a wrong code does not unlock resend"

    expire_codes_of(pending_registration)
    type_code(page, first_code)
    page.get_by_role("button", name="Vérifier le code").click()
    page.locator("#otp-error").filter(has_text="expiré").wait_for()
    page.get_by_text("Vous pouvez maintenant demander un nouveau code.").wait_for()
    assert resend.is_enabled(), "an expired code unlocks resend"

    resend.click()
    page.locator("[data-toast=success]").filter(has_text="Code renvoyé !").wait_for()
    page.get_by_text("Un nouveau code a été envoyé à votre email.").wait_for()
    assert re.fullmatch(r"(10:00|09:5\d)", countdown.inner_text())
    assert resend.is_disabled()
    assert [slot.input_value() for slot in page.locator("input[name=otp_code]").all()] == [""] * 6

    new_code = code_sent_to(smtp_sink, EMAIL, after=1)
    type_code(page, new_code)
    page.get_by_role("button", name="Vérifier le code").click()
    page.wait_for_url(live_url + "/auth/login")
    pending_registration.refresh_from_db()
    assert pending_registration.compte_verifie
    assert [e for e in console.errors if "status of 400" not in e] == []


def test_the_countdown_runs_for_600_seconds_turns_red_under_60_and_then_allows_resend(
    page, live_url, pending_registration
):
    page.clock.install()
    page.goto(live_url + "/auth/otp")
    countdown = page.get_by_test_id("otp-countdown")
    countdown.wait_for()
    assert countdown.inner_text() == "10:00"
    assert "text-red-600" not in countdown.get_attribute("class")

    page.clock.run_for("09:01")
    assert countdown.inner_text() == "00:59"
    assert "text-red-600" in countdown.get_attribute("class")
    assert page.get_by_role("button", name="Renvoyer le code").is_disabled()

    page.clock.run_for("01:00")
    page.get_by_text("Vous pouvez maintenant demander un nouveau code.").wait_for()
    assert page.get_by_role("button", name="Renvoyer le code").is_enabled()


def test_the_slots_take_a_pasted_code_backspace_and_arrows(page, live_url, pending_registration):
    page.goto(live_url + "/auth/otp")
    slots = page.locator("input[name=otp_code]")
    assert slots.first.get_attribute("autocomplete") == "one-time-code"
    assert all(slot.get_attribute("inputmode") == "numeric" for slot in slots.all())

    slots.first.focus()
    page.evaluate(
        """() => {
            const data = new DataTransfer();
            data.setData('text', ' 12 34 56 ');
            document.querySelector('input[name=otp_code]').dispatchEvent(
                new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
        }"""
    )
    assert [slot.input_value() for slot in slots.all()] == list("123456")
    assert page.get_by_role("button", name="Vérifier le code").is_enabled()

    page.keyboard.press("Backspace")  # the last slot has the focus after a paste
    page.keyboard.press("Backspace")
    assert "".join(slot.input_value() for slot in slots.all()) == "1234"
    assert page.get_by_role("button", name="Vérifier le code").is_disabled()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.type("9")
    assert "".join(slot.input_value() for slot in slots.all()) == "1294"
    page.keyboard.type("a")
    assert "".join(slot.input_value() for slot in slots.all()) == "1294"


def test_without_a_pending_address_it_says_the_session_expired_and_goes_to_registration(page, console, live_url):
    page.goto(live_url + "/auth/otp")
    toast = page.locator("[data-toast=error]").filter(has_text="Session expirée")
    toast.wait_for()
    assert "Veuillez recommencer l'inscription." in toast.inner_text()
    page.wait_for_url(live_url + "/auth/register")
    assert console.errors == []
