"""Encryption at rest of the WhatsApp credentials (Fernet: AES-128-CBC + HMAC-SHA256).

``WHATSAPP_TOKEN_KEY`` holds one Fernet key, or several separated by commas, newest first: new
values are encrypted with the first, and any of them decrypts, so a key can be rotated without a
migration. Without it (local runs) a key is derived from ``SECRET_KEY`` with HKDF; production with
the relay switched on refuses to start without a real key (``integrations.configuration``).
https://cryptography.io/en/latest/fernet/
"""

import base64
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings

__all__ = ["InvalidToken", "decrypt_token", "encrypt_token", "parse_keys"]


def derived_key(secret_key: str) -> bytes:
    """A Fernet key derived from SECRET_KEY, for local runs only."""
    raw = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"flux.integrations.whatsapp-token").derive(
        secret_key.encode()
    )
    return base64.urlsafe_b64encode(raw)


def parse_keys(configured: str) -> list[Fernet]:
    """The Fernet instances of a WHATSAPP_TOKEN_KEY value; ValueError when a key is malformed."""
    keys = [part.strip() for part in configured.split(",") if part.strip()]
    if not keys:
        raise ValueError("WHATSAPP_TOKEN_KEY holds no key")
    return [Fernet(key) for key in keys]


@lru_cache(maxsize=4)
def _cipher(configured: str, secret_key: str) -> MultiFernet:
    if configured:
        return MultiFernet(parse_keys(configured))
    return MultiFernet([Fernet(derived_key(secret_key))])


def cipher() -> MultiFernet:
    return _cipher(settings.WHATSAPP_TOKEN_KEY, settings.SECRET_KEY)


def encrypt_token(token: str) -> str:
    return cipher().encrypt(token.encode()).decode("ascii")


def decrypt_token(ciphertext: str) -> str:
    """The plain credential; raises ``InvalidToken`` when no configured key opens it."""
    return cipher().decrypt(ciphertext.encode("ascii")).decode()
