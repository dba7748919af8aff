"""Login screen, guards and permissions in Chromium against the real API."""

import pytest

from subscriptions.services import user_plan_set

from .conftest import PASSWORD, local_storage, on_protected_page, sign_in

pytestmark = [pytest.mark.browser]


def fill_login(page, email: str, password: str = PASSWORD) -> None:
    page.locator("input[name=adresse_email]").fill(email)
    page.locator("input[name=mot_de_passe]").fill(password)


def test_a_good_login_greets_and_calls_the_api_once(page, console, live_url, verified_user):
    logins = []
    page.on("request", lambda request: logins.append(request) if request.url.endswith("/api/v1/auth/login") else None)
    page.goto(live_url + "/auth/login")
    fill_login(page, verified_user.adresse_email)
    page.get_by_role("button", name="Se connecter").click()

    toast = page.locator("[data-toast=success]").filter(has_text="Connexion réussie !")
    toast.wait_for()
    assert "Bienvenue Awa Koné !" in toast.inner_text()
    on_protected_page(page, live_url + "/dashboard")
    page.get_by_role("heading", name="Bienvenue Awa !").first.wait_for()
    assert len(logins) == 1
    assert console.errors == []


def test_wrong_credentials_show_the_message_in_the_red_box_above_the_form(page, console, live_url, verified_user):
    page.goto(live_url + "/auth/login")
    fill_login(page, verified_user.adresse_email, "Mauvais123")
    page.get_by_role("button", name="Se connecter").click()

    box = page.get_by_role("alert").filter(has_text="Adresse email ou mot de passe incorrect.")
    box.wait_for()
    assert box.bounding_box()["y"] < page.locator("input[name=adresse_email]").bounding_box()["y"]
    assert page.url == live_url + "/auth/login"
    assert local_storage(page).get("flux_access_token") is None
    assert [e for e in console.errors if "status of 401" not in e] == []


def test_the_form_checks_the_fields_before_calling_the_server(page, live_url):
    calls = []
    page.on("request", lambda request: calls.append(request.url) if "/api/v1/auth/login" in request.url else None)
    page.goto(live_url + "/auth/login")
    page.locator("input[name=adresse_email]").fill("awa")
    page.get_by_role("button", name="Se connecter").click()
    page.get_by_text("Adresse email invalide").wait_for()
    page.get_by_text("Le mot de passe est requis").wait_for()
    assert calls == []


def test_an_unverified_account_is_sent_to_the_otp_screen_after_two_seconds(page, console, live_url, unverified_user):
    page.goto(live_url + "/auth/login")
    # Time the redirect in the page itself: when the red box appears, when the path changes.
    page.evaluate(
        """() => {
            window.__times = {};
            new MutationObserver(() => {
                if (!window.__times.box && document.querySelector('main [role=alert]'))
                    window.__times.box = performance.now();
            }).observe(document.body, {subtree: true, childList: true});
            setInterval(() => {
                if (!window.__times.otp && location.pathname === '/auth/otp') window.__times.otp = performance.now();
            }, 5);
        }"""
    )
    fill_login(page, unverified_user.adresse_email)
    page.get_by_role("button", name="Se connecter").click()

    box = page.locator("main").get_by_role("alert")
    box.wait_for()
    assert "vérifier" in box.inner_text()
    page.wait_for_url(live_url + "/auth/otp")
    times = page.evaluate("window.__times")
    assert 1950 <= times["otp"] - times["box"] <= 2400, times
    assert page.get_by_test_id("masked-address").inner_text().endswith("@example.ci")
    assert page.evaluate("sessionStorage.getItem('pending_email')") == unverified_user.adresse_email
    assert [e for e in console.errors if "status of 403" not in e] == []


def test_remember_me_keeps_the_email_for_the_next_visit_and_unticking_forgets_it(page, live_url, verified_user):
    page.goto(live_url + "/auth/login")
    fill_login(page, verified_user.adresse_email)
    page.get_by_label("Se souvenir de moi").check()
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url(live_url + "/dashboard")
    assert local_storage(page)["flux_remembered_email"] == verified_user.adresse_email

    page.evaluate("localStorage.removeItem('flux_access_token'); localStorage.removeItem('flux_user')")
    page.goto(live_url + "/auth/login")
    assert page.locator("input[name=adresse_email]").input_value() == verified_user.adresse_email
    assert page.get_by_label("Se souvenir de moi").is_checked()

    page.locator("input[name=mot_de_passe]").fill(PASSWORD)
    page.get_by_label("Se souvenir de moi").uncheck()
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url(live_url + "/dashboard")
    assert "flux_remembered_email" not in local_storage(page)


def test_a_protected_page_sends_a_visitor_to_login_and_back_there_after_login(page, console, live_url, verified_user):
    page.goto(live_url + "/dashboard/profile")
    page.wait_for_url(live_url + "/auth/login")
    assert page.evaluate("history.state && history.state.usr && history.state.usr.from") == "/dashboard/profile"

    fill_login(page, verified_user.adresse_email)
    page.get_by_role("button", name="Se connecter").click()
    on_protected_page(page, live_url + "/dashboard/profile")
    assert console.errors == []


def test_the_guard_says_it_is_checking_the_session_while_the_profile_loads(page, live_url, verified_user):
    sign_in(page, live_url, verified_user.adresse_email)
    held, released = [], []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/v1/auth/me", hold)
    page.goto(live_url + "/dashboard/emails", wait_until="commit")
    page.get_by_text("Vérification de votre session...").wait_for()
    while not held:
        page.wait_for_timeout(50)
    released.append(True)
    for route in held:
        route.continue_()
    on_protected_page(page, live_url + "/dashboard/emails")


def test_guest_pages_send_a_signed_in_person_to_the_dashboard(page, live_url, verified_user):
    sign_in(page, live_url, verified_user.adresse_email)
    for path in ["/auth", "/auth/login", "/auth/register", "/auth/forgot-password"]:
        page.goto(live_url + path)
        page.wait_for_url(live_url + "/dashboard")
    page.goto(live_url + "/auth/quick-register")
    page.get_by_role("heading", name="Créer un compte rapide").wait_for()
    assert page.url == live_url + "/auth/quick-register"


def test_analytics_is_refused_to_a_gratuit_account_and_open_to_a_pro_one(page, console, live_url, verified_user):
    sign_in(page, live_url, verified_user.adresse_email)
    page.goto(live_url + "/dashboard/analytics")
    page.get_by_role("heading", name="Accès non autorisé").wait_for()
    page.get_by_text("Vous n'avez pas les permissions nécessaires pour accéder à cette page").wait_for()
    page.get_by_text("contactez le support").wait_for()
    page.get_by_role("link", name="Retour à l'accueil").wait_for()
    # « Se reconnecter » ends the session first (the login page is for visitors), then shows the login.
    page.get_by_role("button", name="Se reconnecter").click()
    page.wait_for_url(live_url + "/auth/login")
    page.get_by_role("button", name="Se connecter").wait_for()
    assert console.errors == []

    sign_in(page, live_url, verified_user.adresse_email)
    user_plan_set(user=verified_user, plan_code="pro")
    page.goto(live_url + "/dashboard/analytics")
    # The statistics page itself belongs to the dashboard work; here only the guard's answer counts.
    on_protected_page(page, live_url + "/dashboard/analytics")


def test_an_unknown_dashboard_page_is_the_not_found_page(page, live_url, verified_user):
    sign_in(page, live_url, verified_user.adresse_email)
    response = page.goto(live_url + "/dashboard/inconnue")
    assert response.status == 404
    page.get_by_text("Oops! Page not found").wait_for()
