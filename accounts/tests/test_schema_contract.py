"""schemathesis against /api/v1/schema for the auth endpoints: no server error, and every answer
(status, content type, body) is one the schema documents. Bounded to stay under ~2 minutes."""

import pytest
from hypothesis import HealthCheck, settings

from tests.api.contract import (  # noqa: F401 - fixtures
    CHECKS,
    api_schema,
    bearer,
    in_process_requests,
    signed_in_user,
)

# GET /auth/dashboard belongs to the dashboard app and is fuzzed with every other operation
# (tests/api/test_schemathesis.py).
schema = api_schema().include(path_regex=r"^/api/v1/auth/").exclude(path_regex=r"/auth/dashboard$")


@schema.parametrize()
@pytest.mark.django_db
@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_the_auth_endpoints_honour_their_schema(case, bearer):  # noqa: F811 - the imported fixture
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
