import pytest

from integrations.models import ConnectionStatus

from .factories import StaffFactory, WhatsAppConnectionFactory

TOKEN = "EAAGadminSecretToken"
CHANGELIST = "/admin/integrations/whatsappconnection/"

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(StaffFactory())
    return client


def test_staff_see_connections_without_the_token(staff_client):
    connection = WhatsAppConnectionFactory(token=TOKEN)

    listing = staff_client.get(CHANGELIST)
    detail = staff_client.get(f"{CHANGELIST}{connection.pk}/change/")

    assert listing.status_code == 200 and detail.status_code == 200
    assert connection.owner.adresse_email in listing.content.decode()
    assert connection.waba_id in detail.content.decode()
    for page in (listing, detail):
        html = page.content.decode()
        assert TOKEN not in html
        assert connection.token_ciphertext not in html
        assert "token_ciphertext" not in html


def test_staff_cannot_add_a_connection_by_hand(staff_client):
    assert staff_client.get(f"{CHANGELIST}add/").status_code == 403


def test_staff_can_disconnect_an_account(staff_client):
    connection = WhatsAppConnectionFactory(token=TOKEN)

    staff_client.post(CHANGELIST, {"action": "disconnect", "_selected_action": [connection.pk]})

    connection.refresh_from_db()
    assert connection.status == ConnectionStatus.DISCONNECTED
    assert connection.token_ciphertext == ""
    assert connection.disconnected_by.is_staff


def test_non_staff_accounts_cannot_open_the_admin(client):
    connection = WhatsAppConnectionFactory(token=TOKEN)
    client.force_login(connection.owner)

    response = client.get(CHANGELIST)

    assert response.status_code == 302
