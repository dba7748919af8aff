"""GET /api/v1/health: is every component the app needs reachable?"""

import logging

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

logger = logging.getLogger("flux.health")

MSG_DOWN = "Un composant du service est indisponible."


def check_database() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone()[0] == 1


def check_cache() -> bool:
    cache.set("flux:health", "ok", 10)
    return cache.get("flux:health") == "ok"


def check_broker() -> bool:
    if not settings.REDIS_URL:
        # Embedded default: tasks run in-process, there is no broker to reach.
        return True
    import redis

    client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_connect_timeout=2, socket_timeout=2)
    try:
        return bool(client.ping())
    finally:
        client.close()


CHECKS = {"database": check_database, "cache": check_cache, "broker": check_broker}


class HealthApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes: list = []

    @extend_schema(
        summary="État du service",
        responses={
            200: inline_serializer(
                "Health",
                {
                    "status": serializers.CharField(),
                    "database": serializers.CharField(),
                    "cache": serializers.CharField(),
                    "broker": serializers.CharField(),
                },
            )
        },
    )
    def get(self, request):
        body = {"status": "ok"}
        for name, check in CHECKS.items():
            try:
                healthy = check()
            except Exception:
                logger.exception("Health check %s failed", name)
                healthy = False
            body[name] = "ok" if healthy else "error"
        if all(body[name] == "ok" for name in CHECKS):
            return Response(body)
        body.update(status="error", message=MSG_DOWN, error="service_unavailable", statusCode=503)
        return Response(body, status=503)
