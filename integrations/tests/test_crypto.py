import pytest
from cryptography.fernet import Fernet, InvalidToken

from integrations.crypto import decrypt_token, encrypt_token

TOKEN = "EAAGcryptoSecret"


def test_a_token_round_trips_and_the_ciphertext_hides_it():
    ciphertext = encrypt_token(TOKEN)

    assert TOKEN not in ciphertext
    assert decrypt_token(ciphertext) == TOKEN
    assert encrypt_token(TOKEN) != ciphertext  # a fresh IV each time


def test_without_a_configured_key_the_key_is_derived_from_the_secret_key(settings):
    settings.WHATSAPP_TOKEN_KEY = ""
    ciphertext = encrypt_token(TOKEN)

    settings.SECRET_KEY = "another-secret-key-for-this-test-only-0123456789"
    with pytest.raises(InvalidToken):
        decrypt_token(ciphertext)


def test_a_rotated_key_list_still_opens_tokens_encrypted_with_the_old_key(settings):
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    settings.WHATSAPP_TOKEN_KEY = old
    ciphertext = encrypt_token(TOKEN)

    settings.WHATSAPP_TOKEN_KEY = f"{new},{old}"

    assert decrypt_token(ciphertext) == TOKEN
    assert Fernet(new).decrypt(encrypt_token(TOKEN).encode()).decode() == TOKEN


def test_another_key_cannot_open_a_token(settings):
    settings.WHATSAPP_TOKEN_KEY = Fernet.generate_key().decode()
    ciphertext = encrypt_token(TOKEN)

    settings.WHATSAPP_TOKEN_KEY = Fernet.generate_key().decode()

    with pytest.raises(InvalidToken):
        decrypt_token(ciphertext)
