"""The API's routes as the URL resolver knows them, for the tests that walk every route."""

import re
from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver

API_PREFIX = "api/v1/"
# The HTTP methods a route's view answers; OPTIONS and HEAD come with every view.
METHODS = ("get", "post", "put", "patch", "delete")
_CONVERTER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>\w+)>")


@dataclass(frozen=True)
class Route:
    name: str
    pattern: str  # e.g. "api/v1/orders/<int:order_id>/cancel"
    view_class: type
    methods: tuple[str, ...]

    @property
    def parameters(self) -> tuple[str, ...]:
        """The names of the path parameters (``order_id``…)."""
        return tuple(match["name"] for match in _CONVERTER.finditer(self.pattern))

    def path(self, **values) -> str:
        """The route's path with each parameter replaced by ``values[name]``."""
        return "/" + _CONVERTER.sub(lambda match: str(values[match["name"]]), self.pattern)


def _walk(patterns, prefix: str = ""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


def api_routes() -> list[Route]:
    """Every DRF route under /api/v1/, with the methods its view implements."""
    routes = []
    for pattern, url in _walk(get_resolver().url_patterns):
        view_class = getattr(url.callback, "cls", None)
        if not pattern.startswith(API_PREFIX) or view_class is None:
            continue
        methods = tuple(method for method in METHODS if hasattr(view_class, method))
        routes.append(Route(name=url.name, pattern=pattern, view_class=view_class, methods=methods))
    return routes


def id_routes() -> list[Route]:
    """The routes with a path parameter (an id, a reference, an index, a provider code)."""
    return [route for route in api_routes() if route.parameters]
