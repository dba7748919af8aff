"""GET .../whatsapp/status and POST .../whatsapp/disconnect, each account seeing only its own."""

import pytest
from django.db import connection as db_connection
from django.utils.dateparse import parse_datetime

from accounts.tests.factories import UserFactory
from integrations.models import ConnectionStatus, WhatsAppConnection

from .conftest import bearer_client
from .factories import WhatsAppConnectionFactory

STATUS = "/api/v1/integrations/whatsapp/status"
DISCONNECT = "/api/v1/integrations/whatsapp/disconnect"
TOKEN = "EAAGstatusSecretToken42"

pytestmark = pytest.mark.django_db


def test_an_account_that_never_connected_is_not_connected():
    response = bearer_client(UserFactory()).get(STATUS)

    assert response.status_code == 200
    assert response.json() == {
        "connected": False,
        "status": "not_connected",
        "connected_at": None,
        "disconnected_at": None,
        "waba_id": None,
        "phone_number_id": None,
        "display_phone_number": None,
        "verified_name": None,
        "needs_reconnect": False,
    }


def test_a_connected_account_sees_its_connection_time_and_ids_but_no_token():
    connection = WhatsAppConnectionFactory(token=TOKEN)

    response = bearer_client(connection.owner).get(STATUS)

    body = response.json()
    assert body["connected"] is True
    assert body["status"] == "connected"
    assert parse_datetime(body["connected_at"]) == connection.connected_at
    assert body["waba_id"] == connection.waba_id
    assert body["phone_number_id"] == connection.phone_number_id
    assert set(body) == {
        "connected",
        "status",
        "connected_at",
        "disconnected_at",
        "waba_id",
        "phone_number_id",
        "display_phone_number",
        "verified_name",
        "needs_reconnect",
    }
    assert TOKEN not in response.content.decode()
    assert connection.token_ciphertext not in response.content.decode()


def test_disconnecting_wipes_the_token_and_records_who_and_when():
    connection = WhatsAppConnectionFactory(token=TOKEN)
    client = bearer_client(connection.owner)

    response = client.post(DISCONNECT)

    assert response.status_code == 200
    body = response.json()
    assert body["connected"] is False
    assert body["status"] == "disconnected"
    assert body["disconnected_at"]
    connection.refresh_from_db()
    assert connection.status == ConnectionStatus.DISCONNECTED
    assert connection.disconnected_by == connection.owner
    assert connection.disconnected_at is not None
    with db_connection.cursor() as cursor:
        cursor.execute("SELECT token_ciphertext FROM integrations_whatsappconnection WHERE id = %s", [connection.pk])
        assert cursor.fetchone()[0] == ""
    assert client.get(STATUS).json()["connected"] is False


def test_disconnecting_an_account_that_is_not_connected_changes_nothing():
    owner = UserFactory()

    response = bearer_client(owner).post(DISCONNECT)

    assert response.status_code == 200
    assert response.json()["status"] == "not_connected"
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()


def test_each_account_sees_and_disconnects_only_its_own_connection():
    mine = WhatsAppConnectionFactory(token=TOKEN)
    other = UserFactory()
    other_client = bearer_client(other)

    assert other_client.get(STATUS).json()["connected"] is False
    other_client.post(DISCONNECT)

    mine.refresh_from_db()
    assert mine.is_connected
    assert bearer_client(mine.owner).get(STATUS).json()["connected"] is True


@pytest.mark.parametrize(("method", "url"), [("get", STATUS), ("post", DISCONNECT)])
def test_they_require_authentication(api_client, method, url):
    response = getattr(api_client, method)(url)

    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"


def test_an_invalid_bearer_token_is_refused(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer not-a-jwt")

    response = api_client.get(STATUS)

    assert response.status_code == 401
    assert response.json()["statusCode"] == 401
