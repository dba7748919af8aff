"""schemathesis over the whole API (/api/v1/schema): every operation, signed in, no server error,
and every answer (status, content type, body) one the schema documents.

Bounded for `make test`: ``MAX_EXAMPLES`` generated requests per operation, derandomised so a run
is repeatable. The auth operations get more examples in accounts/tests/test_schema_contract.py."""

import pytest
from hypothesis import HealthCheck, settings

from .contract import CHECKS, api_schema, bearer, in_process_requests, signed_in_user  # noqa: F401 - fixtures

MAX_EXAMPLES = 5
AUTH_OPERATIONS = r"^/api/v1/auth/(?!dashboard$)"

# Operations left out until their owners' fixes land (H2 report, issue 24), each with its case:
EXCLUDED: set[str] = set()  # operations left out of the run, each with the reason and its fix

# The auth operations have their own, longer run (accounts/tests/test_schema_contract.py).
schema = api_schema().exclude(path_regex=AUTH_OPERATIONS).exclude(operation_id=sorted(EXCLUDED))


@schema.parametrize()
@pytest.mark.django_db
@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_every_operation_honours_its_schema(case, bearer):  # noqa: F811 - the imported fixture
    case.call_and_validate(headers=bearer, checks=CHECKS)


def test_the_schema_documents_the_errors_every_operation_can_answer(client):
    paths = client.get("/api/v1/schema?format=json").json()["paths"]
    order = paths["/api/v1/orders/{order_id}"]["get"]["responses"]
    assert {"401", "403", "404"} <= set(order)
    assert order["404"]["content"]["application/json"]["schema"]["$ref"] == "#/components/schemas/Error"
    assert {"400", "404"} <= set(paths["/api/v1/orders"]["get"]["responses"])  # filters; a page past the last
    assert {"400", "415"} <= set(paths["/api/v1/orders"]["post"]["responses"])
    # Public operations answer no 401; an error a view documents without a body gets the error shape.
    webhook = paths["/api/v1/integrations/whatsapp/webhook"]
    assert "401" not in webhook["post"]["responses"]
    assert webhook["get"]["responses"]["403"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    assert "404" not in paths["/api/v1/preferences"]["get"]["responses"]
