import pytest

pytestmark = [pytest.mark.urls("core.tests.urls")]


def assert_shape(response, status, code):
    body = response.json()
    assert response.status_code == status
    assert body["statusCode"] == status
    assert body["error"] == code
    assert isinstance(body["message"], str) and body["message"]
    return body


def test_it_reports_validation_errors_per_field_with_the_first_as_message(api_client):
    response = api_client.post("/api/v1/echo", {"nom": "A"}, format="json")
    body = assert_shape(response, 400, "validation_error")
    assert body["message"] == "Le nom doit contenir au moins 2 caractères"
    assert body["errors"]["nom"] == ["Le nom doit contenir au moins 2 caractères"]
    assert "age" in body["errors"]


def test_it_answers_malformed_json_with_a_400(api_client):
    response = api_client.generic("POST", "/api/v1/echo", '{"nom": ', content_type="application/json")
    body = assert_shape(response, 400, "parse_error")
    assert "JSON" in body["message"]


def test_it_answers_a_non_object_json_body_with_a_400(api_client):
    response = api_client.generic("POST", "/api/v1/echo", "[1, 2]", content_type="application/json")
    assert_shape(response, 400, "validation_error")


def test_it_answers_an_unsupported_media_type(api_client):
    response = api_client.generic("POST", "/api/v1/echo", "nom=x", content_type="text/plain")
    assert_shape(response, 415, "unsupported_media_type")


def test_it_requires_authentication_in_french(api_client):
    body = assert_shape(api_client.get("/api/v1/private"), 401, "not_authenticated")
    assert "connecter" in body["message"]


def test_it_rejects_a_garbage_bearer_token(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer not-a-jwt")
    assert_shape(api_client.get("/api/v1/private"), 401, "token_not_valid")


def test_it_answers_405_for_a_wrong_method(api_client):
    body = assert_shape(api_client.delete("/api/v1/echo"), 405, "method_not_allowed")
    assert "DELETE" in body["message"]


def test_it_hides_an_unexpected_exception_behind_a_generic_500(api_client, caplog):
    response = api_client.get("/api/v1/boom")
    body = assert_shape(response, 500, "server_error")
    assert "secret internal detail" not in response.content.decode()
    assert body["message"] == "Une erreur interne est survenue. Veuillez réessayer plus tard."
    assert "secret internal detail" in caplog.text


def test_it_passes_application_errors_through(api_client):
    body = assert_shape(api_client.get("/api/v1/business"), 403, "plan_limit_reached")
    assert body["message"] == "Limite atteinte."


def test_it_says_when_to_try_again_after_a_throttle(api_client):
    response = api_client.get("/api/v1/throttled")
    body = assert_shape(response, 429, "throttled")
    assert body["message"] == "Trop de tentatives. Veuillez réessayer dans 42 secondes."
    assert response["Retry-After"] == "42"
