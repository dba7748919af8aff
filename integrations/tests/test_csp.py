import pytest
from django.utils.csp import CSP

from integrations.csp import dashboard_csp_policy


def test_the_dashboard_policy_adds_the_facebook_sdk_hosts_to_the_site_policy(settings):
    policy = dashboard_csp_policy()

    assert policy["script-src"] == [*settings.SECURE_CSP["script-src"], "https://connect.facebook.net"]
    assert "https://www.facebook.com" in policy["frame-src"]
    assert "https://web.facebook.com" in policy["frame-src"]
    assert CSP.SELF in policy["frame-src"]
    assert "https://graph.facebook.com" in policy["connect-src"]
    assert CSP.SELF in policy["connect-src"]
    assert "https://www.facebook.com" in policy["img-src"]


def test_it_keeps_every_other_directive_as_the_site_has_it(settings):
    policy = dashboard_csp_policy()

    for directive in ("default-src", "style-src", "object-src", "base-uri", "frame-ancestors", "form-action"):
        assert policy[directive] == settings.SECURE_CSP[directive]
    assert "unsafe-inline" not in " ".join(policy["script-src"])


def test_it_never_changes_the_site_wide_setting(settings):
    before = {directive: list(sources) for directive, sources in settings.SECURE_CSP.items()}

    dashboard_csp_policy()["script-src"].append("https://evil.example")

    assert settings.SECURE_CSP == before
    assert "https://connect.facebook.net" not in settings.SECURE_CSP["script-src"]
    assert "frame-src" not in settings.SECURE_CSP


@pytest.mark.urls("integrations.tests.urls_csp")
def test_a_dashboard_response_carries_the_sdk_policy_and_lets_the_login_popup_talk_back(client):
    dashboard = client.get("/dashboard")
    other = client.get("/other")

    policy = dashboard.headers["Content-Security-Policy"]
    assert "script-src 'self' https://connect.facebook.net" in policy
    assert "frame-src 'self' https://www.facebook.com https://web.facebook.com" in policy
    assert dashboard.headers["Cross-Origin-Opener-Policy"] == "same-origin-allow-popups"
    assert "facebook" not in other.headers["Content-Security-Policy"]
    assert other.headers["Cross-Origin-Opener-Policy"] == "same-origin"
