"""Production refuses to start with the WhatsApp relay half-configured."""

import pytest
from cryptography.fernet import Fernet
from django.core.exceptions import ImproperlyConfigured

from integrations.configuration import check_whatsapp_settings

HTTPS_URL = "https://automation.example.ci/webhook/whatsapp-token"


def test_production_with_a_webhook_and_a_key_starts(settings):
    settings.DEBUG = False
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = HTTPS_URL
    settings.WHATSAPP_TOKEN_KEY = Fernet.generate_key().decode()

    check_whatsapp_settings()


def test_production_without_the_webhook_starts_without_a_key(settings):
    settings.DEBUG = False
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = ""
    settings.WHATSAPP_TOKEN_KEY = ""

    check_whatsapp_settings()


def test_production_with_a_webhook_but_no_key_refuses_to_start(settings):
    settings.DEBUG = False
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = HTTPS_URL
    settings.WHATSAPP_TOKEN_KEY = ""

    with pytest.raises(ImproperlyConfigured, match="WHATSAPP_TOKEN_KEY"):
        check_whatsapp_settings()


def test_production_with_an_http_webhook_refuses_to_start(settings):
    settings.DEBUG = False
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = "http://automation.example.ci/webhook"
    settings.WHATSAPP_TOKEN_KEY = Fernet.generate_key().decode()

    with pytest.raises(ImproperlyConfigured, match="https"):
        check_whatsapp_settings()


def test_debug_accepts_an_http_webhook_and_the_derived_key(settings):
    settings.DEBUG = True
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = "http://127.0.0.1:5678/webhook"
    settings.WHATSAPP_TOKEN_KEY = ""

    check_whatsapp_settings()


def test_a_malformed_key_refuses_to_start_even_while_debugging(settings):
    settings.DEBUG = True
    settings.WHATSAPP_TOKEN_KEY = "not-a-fernet-key"

    with pytest.raises(ImproperlyConfigured, match="Fernet"):
        check_whatsapp_settings()
