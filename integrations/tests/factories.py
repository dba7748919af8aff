import factory
from django.utils import timezone

from accounts.tests.factories import UserFactory
from integrations.crypto import encrypt_token
from integrations.models import ConnectionStatus, CredentialType, WhatsAppConnection


class StaffFactory(UserFactory):
    is_staff = True
    is_superuser = True


class WhatsAppConnectionFactory(factory.django.DjangoModelFactory):
    """An account already connected with an access token."""

    class Meta:
        model = WhatsAppConnection

    class Params:
        token = "EAAGfactorytoken123"

    owner = factory.SubFactory(UserFactory)
    status = ConnectionStatus.CONNECTED
    credential_type = CredentialType.ACCESS_TOKEN
    token_ciphertext = factory.LazyAttribute(lambda o: encrypt_token(o.token))
    waba_id = "102290129340398"
    phone_number_id = "106540352242922"
    connected_at = factory.LazyFunction(timezone.now)
