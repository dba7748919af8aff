"""The session in Chromium: silent refresh and replay, a failed refresh, logout."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework_simplejwt.tokens import AccessToken

from .conftest import local_storage, log_out, on_protected_page, sign_in

pytestmark = [pytest.mark.browser]


def expired_access_token_for(user) -> str:
    token = AccessToken.for_user(user)
    token.set_exp(from_time=timezone.now() - timedelta(hours=1), lifetime=timedelta(minutes=15))
    return str(token)


def api_calls(page) -> list:
    calls = []
    page.on(
        "response",
        lambda response: (
            calls.append(
                (response.url.split("/api/v1")[-1], response.status, response.request.headers.get("authorization"))
            )
            if "/api/v1/" in response.url
            else None
        ),
    )
    return calls


def test_an_expired_access_token_is_refreshed_once_silently_and_the_request_replayed(
    page, console, live_url, verified_user
):
    sign_in(page, live_url, verified_user.adresse_email)
    old_refresh = local_storage(page)["flux_refresh_token"]
    expired = expired_access_token_for(verified_user)
    page.evaluate("token => localStorage.setItem('flux_access_token', token)", expired)
    calls = api_calls(page)

    page.goto(live_url + "/dashboard/conversations")
    on_protected_page(page, live_url + "/dashboard/conversations")

    stored = local_storage(page)
    assert stored["flux_access_token"] != expired
    assert stored["flux_refresh_token"] != old_refresh, "the rotated refresh token is stored"
    me_calls = [c for c in calls if c[0] == "/auth/me"]
    assert [c[1] for c in me_calls if c[2] == f"Bearer {expired}"] == [401]
    assert 200 in [c[1] for c in me_calls if c[2] == f"Bearer {stored['flux_access_token']}"], "the request is replayed"
    assert [c[1] for c in calls if c[0] == "/auth/refresh"] == [200]
    assert page.url == live_url + "/dashboard/conversations"

    # Rotation: the refresh token the page started with is dead now.
    reuse = page.request.post(live_url + "/api/v1/auth/refresh", data={"refresh_token": old_refresh})
    assert reuse.status == 401
    assert [e for e in console.errors if "status of 401" not in e] == []


def test_a_failed_refresh_clears_the_storage_and_lands_on_auth(page, console, live_url, verified_user):
    sign_in(page, live_url, verified_user.adresse_email)
    stale_refresh = local_storage(page)["flux_refresh_token"]
    # Someone else used the refresh token first: rotation has blacklisted it.
    assert page.request.post(live_url + "/api/v1/auth/refresh", data={"refresh_token": stale_refresh}).status == 200
    page.evaluate("token => localStorage.setItem('flux_access_token', token)", expired_access_token_for(verified_user))
    calls = api_calls(page)

    page.goto(live_url + "/dashboard")
    page.wait_for_url(live_url + "/auth")
    page.get_by_role("heading", name="Bienvenue sur Flux IA").wait_for()
    stored = local_storage(page)
    assert not {"flux_access_token", "flux_refresh_token", "flux_user"} & stored.keys()
    assert [c[1] for c in calls if c[0] == "/auth/refresh"] == [401]
    assert [e for e in console.errors if "status of 401" not in e] == []


def test_without_a_refresh_token_a_401_lands_on_auth(page, live_url, verified_user):
    sign_in(page, live_url, verified_user.adresse_email)
    page.evaluate(
        "token => { localStorage.setItem('flux_access_token', token); localStorage.removeItem('flux_refresh_token'); }",
        expired_access_token_for(verified_user),
    )
    calls = api_calls(page)
    page.goto(live_url + "/dashboard")
    page.wait_for_url(live_url + "/auth")
    assert "flux_user" not in local_storage(page)
    assert [c for c in calls if c[0] == "/auth/refresh"] == []


def test_logout_ends_the_session_on_the_server_clears_storage_and_goes_home(page, console, live_url, verified_user):
    sign_in(page, live_url, verified_user.adresse_email)
    refresh = local_storage(page)["flux_refresh_token"]

    with page.expect_response("**/api/v1/auth/logout") as logout:
        log_out(page)
    assert logout.value.status == 200
    assert logout.value.request.post_data_json == {"refresh_token": refresh}

    toast = page.locator("[data-toast=success]").filter(has_text="Déconnexion réussie")
    toast.wait_for()
    assert "À bientôt !" in toast.inner_text()
    page.wait_for_url(live_url + "/")
    assert not {"flux_access_token", "flux_refresh_token", "flux_user"} & local_storage(page).keys()
    assert page.request.post(live_url + "/api/v1/auth/refresh", data={"refresh_token": refresh}).status == 401

    page.goto(live_url + "/dashboard")
    page.wait_for_url(live_url + "/auth/login")
    assert console.errors == []


def test_a_startup_profile_failure_clears_the_session_and_goes_home(page, live_url, verified_user):
    sign_in(page, live_url, verified_user.adresse_email)
    page.route(
        "**/api/v1/auth/me",
        lambda route: route.fulfill(
            status=503,
            content_type="application/json",
            body='{"message": "Service indisponible", "error": "unavailable", "statusCode": 503}',
        ),
    )
    page.goto(live_url + "/dashboard/logistics")
    page.wait_for_url(live_url + "/")
    for _ in range(100):
        if not {"flux_access_token", "flux_refresh_token", "flux_user"} & local_storage(page).keys():
            break
        page.wait_for_timeout(50)
    assert not {"flux_access_token", "flux_refresh_token", "flux_user"} & local_storage(page).keys()
