"""OpenAPI description of our Bearer authentication (drf-spectacular extension, loaded in apps.py)."""

from drf_spectacular.contrib.rest_framework_simplejwt import SimpleJWTScheme


class FluxJWTScheme(SimpleJWTScheme):
    target_class = "accounts.authentication.JWTAuthentication"
    name = "jwtAuth"
