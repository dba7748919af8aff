"""Helpers of the dashboard's browser tests: the seeded demo account, a signed-in page, layout checks."""

import json

from accounts.tests.factories import PASSWORD

DEMO_EMAIL = "demo@flux-ia.ci"
DEMO_PASSWORD = "Akwaba2025"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WIDTHS = {"phone": PHONE, "desktop": DESKTOP}

DASHBOARD_PAGES = {
    "/dashboard": "Bienvenue Aya !",
    "/dashboard/conversations": "Conversations IA",
    "/dashboard/emails": "Emails résumés",
    "/dashboard/campagnes": "Campagnes",
    "/dashboard/logistics": "Logistique",
    "/dashboard/analytics": "Statistiques et prévisions",
    "/dashboard/profile": "Mon profil",
}


def sign_in_through_api(page, live_url: str, email: str, password: str = PASSWORD, path: str = "/dashboard") -> None:
    """Log in with POST /auth/login and put the session where the app keeps it, then open ``path``."""
    response = page.request.post(
        live_url + "/api/v1/auth/login", data={"adresse_email": email, "mot_de_passe": password}
    )
    assert response.status == 200, response.text()
    body = response.json()
    page.goto(live_url + "/auth/forgot-password", wait_until="commit")
    page.evaluate(
        """([access, refresh, user]) => {
            localStorage.setItem('flux_access_token', access);
            localStorage.setItem('flux_refresh_token', refresh);
            localStorage.setItem('flux_user', user);
        }""",
        [body["access_token"], body["refresh_token"], json.dumps(body["user"])],
    )
    page.goto(live_url + path)


def sign_in_demo(page, live_url: str, path: str = "/dashboard") -> None:
    sign_in_through_api(page, live_url, DEMO_EMAIL, DEMO_PASSWORD, path)


def assert_no_horizontal_overflow(page) -> None:
    overflow = page.evaluate(
        """() => {
            const width = document.documentElement.clientWidth;
            const wide = [...document.querySelectorAll('body *')]
              .filter((el) => {
                const r = el.getBoundingClientRect();
                return r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed'
                  && !el.closest('[data-scroll-x]');
              })
              .slice(0, 5)
              .map((el) => el.tagName + '.' + String(el.className).slice(0, 60)
                + ' ' + (el.textContent || '').slice(0, 40));
            return {scroll: document.documentElement.scrollWidth, width, wide};
        }"""
    )
    assert overflow["scroll"] <= overflow["width"], overflow
    assert overflow["wide"] == [], overflow


def sidebar_cookie(page):
    cookies = [c for c in page.context.cookies() if c["name"] == "sidebar_state"]
    return cookies[0] if cookies else None
