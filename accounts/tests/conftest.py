"""Fixtures of the accounts tests: registration payloads, a client signed in through the real login
(JWT, unlike the root owner_api), code capture. The account is the root conftest's ``owner``."""

import re

import pytest
from django.core import mail

from .factories import PASSWORD

CODE_RE = re.compile(r"^\s*(\d{6})\s*$", re.MULTILINE)


def code_in(text: str) -> str:
    """The 6-digit code, which the e-mail puts alone on its line."""
    match = CODE_RE.search(text)
    assert match, f"no code alone on a line in:\n{text}"
    return match.group(1)


def last_code_sent_to(address: str) -> str:
    messages = [m for m in mail.outbox if address in m.to]
    assert messages, f"no e-mail sent to {address}"
    return code_in(messages[-1].body)


@pytest.fixture(autouse=True)
def _locmem_mail(settings):
    """Mails land in django.core.mail.outbox unless a test routes them to the SMTP sink."""
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}


@pytest.fixture
def registration():
    return {
        "nom": "Koné",
        "prenom": "Awa",
        "adresse_email": "awa.kone@example.ci",
        "numero_telephone": "+2250701020304",
        "pays": "Côte d'Ivoire",
        "secteur_activite": "Commerce",
        "nom_entreprise": "Boutique Akwaba",
        "mot_de_passe": "Garba2025Kedjenou",
    }


@pytest.fixture
def tokens(api_client, owner):
    response = api_client.post(
        "/api/v1/auth/login", {"adresse_email": owner.adresse_email, "mot_de_passe": PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.json()
    return response.json()


@pytest.fixture
def auth_client(api_client, tokens):
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens['access_token']}")
    return api_client
