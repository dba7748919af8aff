"""What the schemathesis tests share: the in-process WSGI app, the checks, and a signed-in account.

Imported by accounts/tests/test_schema_contract.py (the auth operations, more examples) and
tests/api/test_schemathesis.py (every operation). Importing a fixture into a test module is how
pytest shares it without a conftest.py.
"""

import socket

import pytest
import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

SCHEMA_PATH = "/api/v1/schema?format=json"
# Answers of an outside service the test cannot reach on purpose (see ``in_process_requests``).
GATEWAY_ERRORS = (502, 503)


def no_server_error(ctx, response, case):
    """schemathesis' ``not_a_server_error``, except for a 502 or 503 the operation documents: its
    outside service (Meta, a payment provider) is a closed port here. A 500 always fails."""
    if response.status_code in GATEWAY_ERRORS and str(response.status_code) in case.operation.definition.raw.get(
        "responses", {}
    ):
        return None
    return not_a_server_error(ctx, response, case)


CHECKS = [no_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


def api_schema():
    """The whole API's OpenAPI schema, called in-process through the WSGI application."""
    from config.wsgi import application

    # The schema view touches no database, so it can be loaded when a test module is collected.
    return schemathesis.openapi.from_wsgi(SCHEMA_PATH, application)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(autouse=True)
def in_process_requests(settings):
    """schemathesis calls the WSGI app directly, not through Django's test client, so the
    connection-closing signal handlers must be detached as the test client does; otherwise the
    test's database connection (inside its transaction) is closed after the first request.

    Every outside service (Graph API, payment providers, the token relay, an LLM) points at a closed
    port on 127.0.0.1: a generated request that reaches one fails at once, without network."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    # Hundreds of generated registrations and logins would each cost an Argon2 hash.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    nowhere = f"http://127.0.0.1:{_closed_port()}"
    settings.WHATSAPP_GRAPH_URL = settings.CINETPAY_URL = settings.WAVE_URL = nowhere
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = f"{nowhere}/relay"
    settings.ASSISTANT_LLM_URL = ""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def signed_in_user(db):
    """A verified account on the entreprise plan (every feature open), who can log in."""
    from accounts.tests.factories import UserFactory

    return UserFactory(adresse_email="contrat@example.ci", plan_abonnement="entreprise")


@pytest.fixture
def bearer(signed_in_user):
    """The ``Authorization`` header of ``signed_in_user``."""
    from rest_framework_simplejwt.tokens import RefreshToken

    return {"Authorization": f"Bearer {RefreshToken.for_user(signed_in_user).access_token}"}
