import pytest

from core.spa import spa_routes

pytestmark = pytest.mark.django_db


def test_unknown_api_paths_are_json_404s(client):
    for path in ["/api/v1/nope", "/api/v2/x", "/api", "/api/"]:
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json() == {"message": "Ressource introuvable.", "error": "not_found", "statusCode": 404}


@pytest.mark.parametrize("path", sorted(spa_routes()))
def test_every_spa_route_returns_the_shell(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert b'<div id="root">' in response.content
    assert "default-src 'self'" in response["Content-Security-Policy"]


def test_a_trailing_slash_on_a_spa_route_is_still_the_route(client):
    assert client.get("/dashboard/conversations/").status_code == 200


def test_unknown_pages_return_the_shell_with_404(client):
    response = client.get("/une/page/inexistante")
    assert response.status_code == 404
    assert b'<div id="root">' in response.content
    assert b'lang="fr"' in response.content


def test_html_responses_carry_the_security_headers(client):
    response = client.get("/dashboard/conversations")
    csp = response["Content-Security-Policy"]
    for directive in [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]:
        assert directive in csp
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "strict-origin-when-cross-origin"


def test_the_shell_passes_public_config_as_json_not_as_inline_script(client, settings):
    settings.FACEBOOK_APP_ID = "1234567890"
    content = client.get("/").content.decode()
    assert '<script id="flux-config" type="application/json">' in content
    assert "1234567890" in content


def test_admin_is_not_swallowed_by_the_spa(client):
    assert client.get("/admin").status_code == 301
    assert client.get("/admin/login/").status_code == 200


def test_the_schema_is_served(client):
    response = client.get("/api/v1/schema")
    assert response.status_code == 200
    assert b"openapi: 3" in response.content


def test_only_the_dashboard_pages_allow_the_facebook_sdk(client):
    dashboard = client.get("/dashboard/profile")
    assert "https://connect.facebook.net" in dashboard["Content-Security-Policy"]
    assert "https://www.facebook.com" in dashboard["Content-Security-Policy"]
    assert dashboard["Cross-Origin-Opener-Policy"] == "same-origin-allow-popups"
    for path in ["/", "/auth/login", "/une/page/inexistante"]:
        response = client.get(path)
        assert "facebook" not in response["Content-Security-Policy"], path
        assert response["Cross-Origin-Opener-Policy"] == "same-origin", path
