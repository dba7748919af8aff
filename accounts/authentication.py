"""Bearer authentication that also honours logout and deactivation.

Logout puts the access token's ``jti`` on a denylist in the shared cache until the token would
have expired anyway, so an access token stops working at once, not at its expiry.
"""

import time

from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.exceptions import AuthenticationFailed
from rest_framework_simplejwt.authentication import JWTAuthentication as BaseJWTAuthentication
from rest_framework_simplejwt.exceptions import InvalidToken
from rest_framework_simplejwt.settings import api_settings

DENYLIST_PREFIX = "accounts:denied-jti"
MSG_ACCOUNT_DISABLED = "Ce compte est désactivé. Contactez le support."


def access_token_deny(token) -> None:
    """Deny a validated access token until its expiry."""
    jti = token.get(api_settings.JTI_CLAIM)
    if not jti:
        return
    remaining = int(token.get("exp", 0) - time.time()) + 1
    if remaining > 0:
        cache.set(f"{DENYLIST_PREFIX}:{jti}", 1, remaining)


def access_token_is_denied(token) -> bool:
    jti = token.get(api_settings.JTI_CLAIM)
    return bool(jti) and cache.get(f"{DENYLIST_PREFIX}:{jti}") is not None


class JWTAuthentication(BaseJWTAuthentication):
    def get_validated_token(self, raw_token):
        token = super().get_validated_token(raw_token)
        if access_token_is_denied(token):
            raise InvalidToken()  # the API answers config.exceptions.MSG_INVALID_TOKEN
        return token

    def get_user(self, validated_token):
        user_id = validated_token.get(api_settings.USER_ID_CLAIM)
        if user_id is None:
            raise InvalidToken()  # the API answers config.exceptions.MSG_INVALID_TOKEN
        user = get_user_model().objects.filter(**{api_settings.USER_ID_FIELD: user_id}).first()
        if user is None:
            raise InvalidToken()  # the API answers config.exceptions.MSG_INVALID_TOKEN
        if not user.is_active:
            raise AuthenticationFailed(MSG_ACCOUNT_DISABLED, code="user_inactive")
        return user
