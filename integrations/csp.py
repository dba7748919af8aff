"""The dashboard's Content Security Policy: the site's policy plus what the Facebook SDK needs.

The WhatsApp panel loads https://connect.facebook.net/fr_FR/sdk.js only on the dashboard, so only
the /dashboard* pages get this wider policy; every other page keeps ``settings.SECURE_CSP``. The app wires
``apply_dashboard_policy(response)`` (which also sets the opener policy below) as a route hook of the
SPA shell for /dashboard* (apps.py, core.spa.register_route_hook); ``csp_override(dashboard_csp_policy())``
gives the CSP alone to another view.

FB.login opens a popup on www.facebook.com that reports back through ``window.opener``: the
dashboard pages also need ``Cross-Origin-Opener-Policy: same-origin-allow-popups``
(``DASHBOARD_COOP``) instead of the site-wide ``same-origin``, which would sever that link.
"""

from django.conf import settings
from django.utils.csp import CSP

SDK_SCRIPT_HOSTS = ["https://connect.facebook.net"]
SDK_FRAME_HOSTS = ["https://www.facebook.com", "https://web.facebook.com"]
# The SDK's own XHRs (login status, Graph calls) and its logging pixels.
SDK_CONNECT_HOSTS = [
    "https://connect.facebook.net",
    "https://graph.facebook.com",
    "https://www.facebook.com",
    "https://web.facebook.com",
]
SDK_IMAGE_HOSTS = ["https://www.facebook.com", "https://web.facebook.com"]

DASHBOARD_COOP = "same-origin-allow-popups"


def _extended(policy: dict, directive: str, sources: list[str], *, fallback: list[str]) -> None:
    current = list(policy.get(directive, fallback))
    policy[directive] = current + [source for source in sources if source not in current]


def dashboard_csp_policy() -> dict:
    """``settings.SECURE_CSP`` extended for the Facebook SDK; a new dict, the setting is untouched."""
    policy = {directive: list(sources) for directive, sources in settings.SECURE_CSP.items()}
    default = list(policy.get("default-src", [CSP.SELF]))
    _extended(policy, "script-src", SDK_SCRIPT_HOSTS, fallback=default)
    _extended(policy, "frame-src", SDK_FRAME_HOSTS, fallback=default)
    _extended(policy, "connect-src", SDK_CONNECT_HOSTS, fallback=default)
    _extended(policy, "img-src", SDK_IMAGE_HOSTS, fallback=default)
    return policy


def apply_dashboard_policy(response):
    """Give a /dashboard* response the SDK's CSP and the popup-friendly opener policy.

    Both middlewares leave what the response already carries: ContentSecurityPolicyMiddleware reads
    ``_csp_config`` (what ``csp_override`` sets), SecurityMiddleware only fills in a missing
    Cross-Origin-Opener-Policy header.
    """
    response._csp_config = dashboard_csp_policy()
    response["Cross-Origin-Opener-Policy"] = DASHBOARD_COOP
    return response
