"""The dashboard API is documented in the OpenAPI schema the front end is written against."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

DASHBOARD_OPERATIONS = {
    ("/api/v1/auth/dashboard", "get"),
    ("/api/v1/analytics", "get"),
    ("/api/v1/preferences", "get"),
    ("/api/v1/preferences", "patch"),
    ("/api/v1/conversations", "get"),
    ("/api/v1/conversations", "post"),
    ("/api/v1/conversations/{conversation_id}/messages", "get"),
    ("/api/v1/conversations/{conversation_id}/messages", "post"),
    ("/api/v1/conversations/{conversation_id}/messages/{message_id}/rating", "post"),
    ("/api/v1/conversations/{conversation_id}/read", "post"),
    ("/api/v1/mailbox/emails", "get"),
    ("/api/v1/mailbox/emails/{email_id}/read", "post"),
    ("/api/v1/logistics/deliveries", "get"),
    ("/api/v1/logistics/deliveries", "post"),
    ("/api/v1/logistics/deliveries/{reference}", "get"),
    ("/api/v1/logistics/deliveries/{reference}/status", "post"),
    ("/api/v1/logistics/deliveries/{reference}/assign", "post"),
    ("/api/v1/logistics/deliveries/{reference}/delay", "post"),
    ("/api/v1/logistics/drivers", "get"),
    ("/api/v1/logistics/drivers/{driver_id}/optimize-route", "post"),
}


def test_every_dashboard_operation_is_in_the_schema_with_a_typed_response():
    response = APIClient().get("/api/v1/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    schema = response.json()
    for path, method in DASHBOARD_OPERATIONS:
        operation = schema["paths"][path][method]
        success = next(code for code in operation["responses"] if code.startswith("2"))
        assert operation["responses"][success]["content"]["application/json"]["schema"], (path, method)
    labels = schema["components"]["schemas"]["DeliveryStatusEnum"]["enum"]
    assert labels == ["pending", "preparing", "en_route", "delivered"]
