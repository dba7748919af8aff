"""Staff read orders in the admin: lines and history inline, search by reference and customer."""

import pytest
from django.test import Client

from accounts.models import User
from orders.services import order_transition
from orders.tests.factories import OrderFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client():
    admin = User.objects.create_superuser(
        adresse_email="admin@flux-ia.ci", password="Admin2025xyz", prenom="Ad", nom="Min"
    )
    client = Client()
    client.force_login(admin)
    return client


def test_staff_find_an_order_by_reference_or_customer(staff_client):
    OrderFactory(number=42, customer_name="Fatou Bamba")
    OrderFactory(number=43, customer_name="Koffi Yao")

    by_reference = staff_client.get("/admin/orders/order/", {"q": "CMD-2026-00042"}).content.decode()
    by_customer = staff_client.get("/admin/orders/order/", {"q": "koffi"}).content.decode()

    assert "CMD-2026-00042" in by_reference and "CMD-2026-00043" not in by_reference
    assert "CMD-2026-00043" in by_customer and "CMD-2026-00042" not in by_customer


def test_the_order_page_shows_its_lines_and_history(staff_client):
    order = OrderFactory()
    order_transition(order=order, to="preparing", by="owner")

    page = staff_client.get(f"/admin/orders/order/{order.pk}/change/").content.decode()

    assert "Garba" in page
    assert "historique de la commande" in page.lower()
    assert "preparing" in page or "En préparation" in page
