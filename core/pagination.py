from rest_framework import pagination


class PageNumberPagination(pagination.PageNumberPagination):
    """?page=N&page_size=M (at most 100): lists stay small on a phone's data plan."""

    page_size_query_param = "page_size"
    max_page_size = 100
