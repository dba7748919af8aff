import pytest
from django.core import mail

from accounts import services
from accounts.throttles import client_ip
from config.exceptions import throttled_message

from .factories import PASSWORD, UnverifiedUserFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    """These tests make dozens of failed logins; the hasher's cost is not what they measure."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def login(client, email, password="Mauvais2025", ip="10.0.0.1", **extra):
    return client.post(
        "/api/v1/auth/login", {"adresse_email": email, "mot_de_passe": password}, format="json", REMOTE_ADDR=ip, **extra
    )


def assert_throttled(response):
    assert response.status_code == 429
    body = response.json()
    assert body["error"] == "throttled" and body["statusCode"] == 429
    wait = int(response["Retry-After"])
    assert wait >= 1
    assert body["message"] == throttled_message(wait)
    assert "réessayer dans" in body["message"]


def test_five_failed_logins_lock_the_account_for_five_minutes_even_with_the_right_password(api_client, owner):
    for _ in range(5):
        assert login(api_client, owner.adresse_email).status_code == 401
    response = login(api_client, owner.adresse_email, PASSWORD, ip="10.0.0.99")
    assert_throttled(response)
    assert int(response["Retry-After"]) <= 300


def test_the_account_limit_does_not_lock_other_accounts(api_client, owner):
    for _ in range(5):
        login(api_client, owner.adresse_email)
    other = UserFactory()
    assert login(api_client, other.adresse_email, PASSWORD).status_code == 200


def test_a_successful_login_resets_the_account_failures(api_client, owner):
    for _ in range(4):
        login(api_client, owner.adresse_email)
    assert login(api_client, owner.adresse_email, PASSWORD).status_code == 200
    for _ in range(4):
        assert login(api_client, owner.adresse_email).status_code == 401


def test_thirty_failed_logins_a_minute_lock_the_ip(api_client):
    for n in range(30):
        assert login(api_client, f"inconnu{n}@example.ci").status_code == 401
    assert_throttled(login(api_client, "encore@example.ci"))
    # Another client is not affected.
    assert login(api_client, "encore@example.ci", ip="10.0.0.2").status_code == 401


def test_a_spoofed_forwarded_for_does_not_escape_the_ip_limit(api_client):
    for n in range(30):
        login(api_client, f"inconnu{n}@example.ci", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
    response = login(api_client, "encore@example.ci", HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert_throttled(response)


def test_client_ip_trusts_only_the_configured_number_of_proxies(rf, settings):
    request = rf.get("/", REMOTE_ADDR="10.1.1.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 41.202.1.2")
    settings.NUM_PROXIES = 0
    assert client_ip(request) == "10.1.1.1"
    settings.NUM_PROXIES = 1
    assert client_ip(request) == "41.202.1.2"  # what our one proxy saw; 6.6.6.6 was written by the client
    settings.NUM_PROXIES = 2
    assert client_ip(request) == "6.6.6.6"


def test_behind_one_proxy_a_client_cannot_rotate_its_address(api_client, settings):
    settings.NUM_PROXIES = 1
    for n in range(30):
        login(api_client, f"inconnu{n}@example.ci", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}, 41.202.1.2")
    assert_throttled(login(api_client, "x@example.ci", HTTP_X_FORWARDED_FOR="9.9.9.9, 41.202.1.2"))


def test_twenty_registrations_a_minute_per_ip(api_client):
    for _ in range(20):
        assert api_client.post("/api/v1/auth/registers", {}, format="json", REMOTE_ADDR="10.0.0.5").status_code == 400
    assert_throttled(api_client.post("/api/v1/auth/quick-register", {}, format="json", REMOTE_ADDR="10.0.0.5"))
    assert api_client.post("/api/v1/auth/registers", {}, format="json", REMOTE_ADDR="10.0.0.6").status_code == 400


def resend(client, email):
    return client.post("/api/v1/auth/resend-otp", {"adresse_email": email}, format="json")


def test_resend_once_a_minute_and_five_times_an_hour_per_address(api_client, django_capture_on_commit_callbacks):
    from accounts import throttles

    user = UnverifiedUserFactory()
    subject = throttles.subject_key(user.adresse_email)
    with django_capture_on_commit_callbacks(execute=True):
        assert resend(api_client, user.adresse_email).status_code == 200
        response = resend(api_client, user.adresse_email)
        assert_throttled(response)
        assert int(response["Retry-After"]) <= 60
        for _ in range(4):
            # A minute passes (the cache's own expiry cannot be time-travelled on Redis).
            throttles.reset(throttles.RESEND_PER_MINUTE, subject)
            assert resend(api_client, user.adresse_email).status_code == 200
        throttles.reset(throttles.RESEND_PER_MINUTE, subject)
        response = resend(api_client, user.adresse_email)
        assert_throttled(response)
        assert int(response["Retry-After"]) > 60
    assert len(mail.outbox) == 5


def test_the_registration_code_does_not_count_as_a_resend(api_client, registration, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert api_client.post("/api/v1/auth/registers", registration, format="json").status_code == 201
        assert resend(api_client, registration["adresse_email"]).status_code == 200
    assert len(mail.outbox) == 2


def test_unknown_addresses_are_throttled_exactly_like_known_ones(api_client):
    user = UnverifiedUserFactory()
    known = [resend(api_client, user.adresse_email) for _ in range(2)]
    unknown = [resend(api_client, "personne@example.ci") for _ in range(2)]
    assert [r.status_code for r in known] == [r.status_code for r in unknown] == [200, 429]


def test_forgot_password_five_times_an_hour_per_address(api_client, owner):
    for _ in range(5):
        response = api_client.post(
            "/api/v1/auth/forgot-password", {"adresse_email": owner.adresse_email}, format="json"
        )
        assert response.json() == {"message": services.MSG_RESET_SENT}
    response = api_client.post("/api/v1/auth/forgot-password", {"adresse_email": owner.adresse_email}, format="json")
    assert_throttled(response)
    assert "minutes" in response.json()["message"]


def test_throttles_use_the_shared_cache(settings):
    from django.core.cache import cache

    from accounts import throttles

    throttles.hit(throttles.RESEND_PER_HOUR, "abc")
    count_key = f"{throttles.KEY_PREFIX}:{throttles.RESEND_PER_HOUR.name}:abc:n"
    assert cache.get(count_key) == 1
    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        client = cache._cache.get_client()
        assert client.exists(cache.make_key(count_key))
