"""The shop and catalogue endpoints are in the OpenAPI schema the front end is written against."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

OPERATIONS = {
    ("/api/v1/shop", "get"),
    ("/api/v1/shop", "put"),
    ("/api/v1/shop/profile", "get"),
    ("/api/v1/shop/profile", "patch"),
    ("/api/v1/shop/checklist", "get"),
    ("/api/v1/shop/zones", "get"),
    ("/api/v1/shop/zones", "post"),
    ("/api/v1/shop/zones/{zone_id}", "patch"),
    ("/api/v1/shop/faq", "get"),
    ("/api/v1/shop/faq", "post"),
    ("/api/v1/shop/faq/{index}", "patch"),
    ("/api/v1/shop/faq/{index}", "delete"),
    ("/api/v1/catalog/products", "get"),
    ("/api/v1/catalog/products", "post"),
    ("/api/v1/catalog/products/{product_id}", "get"),
    ("/api/v1/catalog/products/{product_id}", "patch"),
    ("/api/v1/catalog/products/{product_id}/photo", "post"),
}


def test_every_shop_operation_is_in_the_schema_with_a_typed_response():
    response = APIClient().get("/api/v1/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    schema = response.json()
    for path, method in OPERATIONS:
        operation = schema["paths"][path][method]
        success = next(code for code in operation["responses"] if code.startswith("2"))
        assert operation["responses"][success]["content"]["application/json"]["schema"], (path, method)
    document = schema["components"]["schemas"]["ShopDocument"]["properties"]
    assert {"products", "delivery_zones", "payment_methods", "faq", "handoff", "hours"} <= set(document)
