"""Forgot password end to end: e-mail, the code from the SMTP sink, a new password, login with it."""

import pytest

from .conftest import code_sent_to, sign_in

pytestmark = [pytest.mark.browser]

NEW_PASSWORD = "Kedjenou2026"


def test_a_forgotten_password_is_reset_with_the_emailed_code(page, console, live_url, smtp_sink, verified_user):
    page.goto(live_url + "/auth/login")
    page.get_by_role("link", name="Mot de passe oublié ?").click()
    page.wait_for_url(live_url + "/auth/forgot-password")
    # The URL changes before the screen's chunk has loaded: the login screen (whose field has the same
    # name) stays up meanwhile, so wait for this screen's own button before typing.
    page.get_by_role("button", name="Recevoir un code").wait_for()
    page.locator("input[name=adresse_email]").fill(verified_user.adresse_email)
    page.get_by_role("button", name="Recevoir un code").click()

    page.get_by_text("un code à 6 chiffres vient de lui être envoyé").wait_for()
    code = code_sent_to(smtp_sink, verified_user.adresse_email)
    page.locator("input[name=otp_code]").first.click()
    page.keyboard.type(code)
    page.locator("input[name=mot_de_passe]").fill("faible")
    page.locator("input[name=confirmation_mot_de_passe]").fill("faible")
    page.get_by_role("button", name="Réinitialiser le mot de passe").click()
    page.get_by_text("Le mot de passe doit contenir au moins 8 caractères").wait_for()

    page.locator("input[name=mot_de_passe]").fill(NEW_PASSWORD)
    page.locator("input[name=confirmation_mot_de_passe]").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Réinitialiser le mot de passe").click()
    page.wait_for_url(live_url + "/auth/login")
    page.get_by_text("Mot de passe réinitialisé ! Vous pouvez maintenant vous connecter.").wait_for()

    sign_in(page, live_url, verified_user.adresse_email, NEW_PASSWORD)
    assert console.errors == []


def test_a_wrong_reset_code_is_refused_in_french(page, live_url, smtp_sink, verified_user):
    page.goto(live_url + "/auth/forgot-password")
    page.locator("input[name=adresse_email]").fill(verified_user.adresse_email)
    page.get_by_role("button", name="Recevoir un code").click()
    code = code_sent_to(smtp_sink, verified_user.adresse_email)
    wrong = "000000" if code != "000000" else "111111"
    page.locator("input[name=otp_code]").first.click()
    page.keyboard.type(wrong)
    page.locator("input[name=mot_de_passe]").fill(NEW_PASSWORD)
    page.locator("input[name=confirmation_mot_de_passe]").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Réinitialiser le mot de passe").click()
    page.locator("main").get_by_role("alert").filter(has_text="Code").first.wait_for()
    assert page.url == live_url + "/auth/forgot-password"
