from collections.abc import Iterable

from rest_framework import pagination, serializers
from rest_framework.response import Response


class PageNumberPagination(pagination.PageNumberPagination):
    """?page=N&page_size=M (at most 100): lists stay small on a phone's data plan."""

    page_size_query_param = "page_size"
    max_page_size = 100


def paginated_response_with_counters(*, view, request, queryset, serializer_class, counters: dict) -> Response:
    """One page of ``queryset`` in the list shape ``{count, next, previous, results, counters}``.

    ``counters`` (every filter's count, whatever the chosen one) is computed by the caller's
    selector in one aggregate query, so such a list costs three queries: counters, count, rows.
    """
    paginator = PageNumberPagination()
    page = paginator.paginate_queryset(queryset, request, view=view)
    response = paginator.get_paginated_response(serializer_class(page, many=True).data)
    response.data["counters"] = counters
    return response


class PageWithCountersSerializer(serializers.Serializer):
    """The OpenAPI shape of ``paginated_response_with_counters``: a list declares ``results`` and
    ``counters`` (see ``counters_serializer``) on a subclass."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)


def counters_serializer(name: str, keys: Iterable[str]) -> type[serializers.Serializer]:
    """A serializer class named ``name`` with one integer per counter key (its OpenAPI component)."""
    return type(name, (serializers.Serializer,), {key: serializers.IntegerField() for key in keys})
