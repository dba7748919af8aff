"""Pages opened by an unguessable token, without an account (a driver's page, a customer's tracking
page): the token is given out once, in the link, and only its SHA-256 is stored."""

import hashlib
import secrets


def new_token() -> str:
    """256 bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
