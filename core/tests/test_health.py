import pytest

from core import health

pytestmark = pytest.mark.django_db


def test_it_reports_every_component_ok(client):
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}


def test_it_answers_503_when_a_component_is_down(client, monkeypatch):
    def broken_cache():
        raise ConnectionError("cache unreachable")

    monkeypatch.setitem(health.CHECKS, "cache", broken_cache)
    response = client.get("/api/v1/health")
    assert response.status_code == 503
    body = response.json()
    assert body["cache"] == "error" and body["database"] == "ok"
    assert body["statusCode"] == 503 and body["error"] == "service_unavailable"


def test_it_reaches_the_real_broker_when_one_is_configured(settings):
    if not settings.REDIS_URL:
        pytest.skip("No broker without REDIS_URL: tasks run in-process.")
    assert health.check_broker() is True


def test_it_notices_an_unreachable_broker(settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    from redis.exceptions import ConnectionError as RedisConnectionError

    with pytest.raises(RedisConnectionError):
        health.check_broker()
