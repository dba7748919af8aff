import pytest

from integrations.tests.conftest import connection, graph  # noqa: F401, F811  (the fake Graph API and a connected number)

MARKETING_TEMPLATE = {
    "name": "promo_du_jour",
    "language": "fr",
    "status": "APPROVED",
    "category": "MARKETING",
    "components": [{"type": "BODY", "text": "Bonjour {{1}} ! Votre {{2}} est en promo aujourd'hui chez nous."}],
}


@pytest.fixture
def pro_owner(owner):
    owner.plan_abonnement = "pro"
    owner.save(update_fields=["plan_abonnement"])
    return owner


@pytest.fixture
def marketing_graph(graph):  # noqa: F811
    """The fake Graph API with one approved marketing template with two variables."""
    graph.templates.insert(0, MARKETING_TEMPLATE)
    return graph
