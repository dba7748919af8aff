"""schemathesis against /api/v1/schema for the auth endpoints: no server error, and every answer
(status, content type, body) is one the schema documents. Bounded to stay under ~2 minutes."""

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .factories import PASSWORD, UserFactory

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


def _auth_schema():
    from config.wsgi import application

    # The schema view touches no database, so it can be loaded when the module is collected.
    loaded = schemathesis.openapi.from_wsgi("/api/v1/schema?format=json", application)
    # GET /auth/dashboard belongs to the dashboard app and is tested there.
    return loaded.include(path_regex=r"^/api/v1/auth/").exclude(path_regex=r"/auth/dashboard$")


schema = _auth_schema()


@pytest.fixture(autouse=True)
def _in_process_requests(settings):
    """schemathesis calls the WSGI app directly, not through Django's test client, so the
    connection-closing signal handlers must be detached as the test client does; otherwise the
    test's database connection (inside its transaction) is closed after the first request."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    # Hundreds of generated registrations and logins would each cost an Argon2 hash.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def bearer(db):
    from rest_framework_simplejwt.tokens import RefreshToken

    user = UserFactory(adresse_email="contrat@example.ci")
    user.set_password(PASSWORD)
    user.save()
    return {"Authorization": f"Bearer {RefreshToken.for_user(user).access_token}"}


@schema.parametrize()
@pytest.mark.django_db
@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_the_auth_endpoints_honour_their_schema(case, bearer):
    headers = bearer if case.path.endswith("/auth/me") or case.path.endswith("/auth/logout") else None
    if case.path.endswith("/auth/logout"):
        headers = None  # a logout would deny the shared token for the cases that follow
    case.call_and_validate(headers=headers, checks=CHECKS)


def test_the_schema_documents_the_error_shape_and_bodies(client):
    body = client.get("/api/v1/schema?format=json").json()
    login = body["paths"]["/api/v1/auth/login"]["post"]
    assert set(login["responses"]) >= {"200", "400", "401", "403", "429"}
    error = login["responses"]["429"]["content"]["application/json"]["schema"]["$ref"]
    assert error.endswith("/Error")
    register = body["paths"]["/api/v1/auth/registers"]["post"]
    assert {"application/json", "multipart/form-data"} <= set(register["requestBody"]["content"])
    assert "409" in register["responses"]
    user = body["components"]["schemas"]["UserOutput"]["properties"]
    assert user["photo_profil"]["nullable"] is True
