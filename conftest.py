"""Shared test fixtures: API client, SMTP sink, a real Celery worker, and headless Chromium.

Everything here talks to real parts: PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set
(CI sets both), an aiosmtpd server on 127.0.0.1, a ``celery worker`` subprocess, and Debian's
Chromium driven by Playwright against pytest-django's live server.
"""

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
import warnings
from email import message_from_bytes, policy
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the main thread; the ORM is still used
# synchronously from the test body.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

BASE_DIR = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


# --- Django settings for tests ---------------------------------------------------------------


@pytest.fixture(scope="session", autouse=True)
def _test_settings():
    """Plain static storage (hashed manifest names 404 under live_server) and eager tasks."""
    from django.test import override_settings

    from config.celery import app as celery_app

    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # One folder per pytest-xdist process (make test runs two), removed by its own process at the end.
    media_root = BASE_DIR / "var" / f"test-media-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    with override_settings(STORAGES=storages, MEDIA_ROOT=media_root):
        celery_app.conf.task_always_eager = True
        celery_app.conf.task_eager_propagates = True
        yield
    shutil.rmtree(media_root, ignore_errors=True)


def clear_cache() -> None:
    """Drop the app's cache keys only: on Redis the broker's queues share the database."""
    from django.conf import settings
    from django.core.cache import cache

    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        client = cache._cache.get_client(write=True)
        keys = list(client.scan_iter(f"{settings.CACHES['default'].get('KEY_PREFIX', '')}:*"))
        if keys:
            client.delete(*keys)
    else:
        cache.clear()


@pytest.fixture(autouse=True)
def _clear_cache():
    """Throttle counters and other cached state never leak from one test into the next."""
    clear_cache()
    yield
    clear_cache()


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def owner(db):
    """A verified account (gratuit plan), the usual owner of the data a test builds."""
    from accounts.tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def owner_api(owner):
    """An API client signed in as ``owner``."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(owner)
    return client


# --- SMTP sink -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class SmtpSink:
    """An aiosmtpd server on 127.0.0.1 that keeps every message it receives."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.messages: list = []
        self._lock = threading.Lock()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's hook name
        message = message_from_bytes(envelope.content, policy=policy.default)
        with self._lock:
            self.messages.append(message)
        return "250 Message accepted for delivery"

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def clear(self) -> None:
        with self._lock:
            self.messages.clear()

    def wait_for(self, predicate=lambda m: True, timeout: float = 20.0):
        """Return the first message matching ``predicate``, waiting up to ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                for message in self.messages:
                    if predicate(message):
                        return message
            time.sleep(0.05)
        raise AssertionError(f"No matching e-mail reached the SMTP sink within {timeout} s")


@pytest.fixture(scope="session")
def _smtp_sink_server():
    sink = SmtpSink()
    sink.controller.start()
    yield sink
    sink.controller.stop()


@pytest.fixture
def smtp_sink(_smtp_sink_server, settings):
    """Route Django's default mailer to the sink for this test."""
    _smtp_sink_server.clear()
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": _smtp_sink_server.port, "timeout": 5},
        }
    }
    return _smtp_sink_server


def body_text(message) -> str:
    """The text/plain part of an e-mail."""
    part = message.get_body(preferencelist=("plain",))
    return part.get_content() if part else ""


# --- A real Celery worker ----------------------------------------------------------------------


class WorkerProcess:
    def __init__(self, process: subprocess.Popen, log_path: Path, queue: str):
        self.process = process
        self.log_path = log_path
        self.queue = queue

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def celery_worker_start(*, queue: str, env: dict, log_path: Path, name: str) -> subprocess.Popen:
    """Start ``celery worker`` on ``queue`` (solo pool, output appended to ``log_path``) and wait until
    it says it is ready; a worker that dies or takes over 60 s to start fails the test with its log."""
    with open(log_path, "a") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--loglevel=INFO",
                "-Q",
                queue,
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                name,
            ],
            cwd=BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 60
    while "ready." not in Path(log_path).read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"The Celery worker did not start:\n{Path(log_path).read_text(errors='replace')}")
        time.sleep(0.2)
    return process


@pytest.fixture(scope="session")
def _celery_worker_process(django_db_setup, django_db_blocker, _smtp_sink_server, tmp_path_factory):
    from django.db import connection

    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        pytest.skip("A real Celery worker needs REDIS_URL (CI sets it).")
    if connection.vendor != "postgresql":
        pytest.skip("The worker shares the test database, which needs PostgreSQL (DATABASE_URL).")

    settings_dict = connection.settings_dict
    database_url = "postgres://{user}@{host}:{port}/{name}".format(
        user=settings_dict["USER"] or "postgres",
        host=settings_dict["HOST"] or "127.0.0.1",
        port=settings_dict["PORT"] or 5432,
        name=settings_dict["NAME"],
    )
    if settings_dict.get("PASSWORD"):
        database_url = database_url.replace("@", f":{settings_dict['PASSWORD']}@", 1)
    queue = f"flux-test-{uuid.uuid4().hex[:8]}"
    log_path = tmp_path_factory.mktemp("celery") / "worker.log"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "CELERY_QUEUE": queue,
        "EMAIL_URL": _smtp_sink_server.url,
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    process = celery_worker_start(queue=queue, env=env, log_path=log_path, name=f"{queue}@%h")
    worker = WorkerProcess(process, log_path, queue)
    yield worker
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture
def celery_worker(_celery_worker_process, transactional_db, _smtp_sink_server, settings):
    """Tasks queued during this test go through Redis to the worker subprocess.

    The test runs with ``transactional_db`` so that the worker, another process, sees its rows.
    """
    from config.celery import app as celery_app

    _smtp_sink_server.clear()
    previous = (celery_app.conf.task_always_eager, celery_app.conf.task_default_queue)
    celery_app.conf.task_always_eager = False
    celery_app.conf.task_default_queue = _celery_worker_process.queue
    yield _celery_worker_process
    celery_app.conf.task_always_eager, celery_app.conf.task_default_queue = previous


# --- Headless Chromium -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "fr-FR", "timezone_id": "Africa/Abidjan"}


class ConsoleWatch:
    """Collects console errors and CSP violations seen by a page."""

    def __init__(self, page):
        self.errors: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))

    def _on_console(self, message):
        if message.type == "error":
            self.errors.append(message.text)

    def csp_violations(self) -> list[str]:
        return [e for e in self.errors if "Content Security Policy" in e]


@pytest.fixture
def console(page):
    return ConsoleWatch(page)


def _wait_for_idle_database(timeout: float = 10.0, quiet: float = 0.3) -> None:
    """Wait until no other connection to the test database has been inside a statement or a transaction for
    ``quiet`` seconds in a row.

    The transactional test's flush (TRUNCATE of every table) must not meet a request the live server is
    still answering: the two then lock tables in opposite orders and PostgreSQL aborts one of them. A request
    sent just before its page closed may reach the database a moment after a first idle reading (a CI run
    failed so), hence the quiet period rather than one reading.
    """
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    deadline = time.monotonic() + timeout
    idle_since = None
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'"
            )
            if cursor.fetchone()[0]:
                idle_since = None
            elif idle_since is None:
                idle_since = time.monotonic()
            elif time.monotonic() - idle_since >= quiet:
                return
            time.sleep(0.02)
        warnings.warn(f"the test database still had queries running after {timeout:.0f} s", stacklevel=2)


@pytest.fixture
def live_url(live_server, transactional_db):
    """The live server's base URL, with the database writable from the test body.

    Torn down after the browser's pages are closed (see ``new_context``) and before the flush: it waits for
    the requests still in flight, such as a dashboard's polling, to end.
    """
    yield live_server.url
    _wait_for_idle_database()


@pytest.fixture
def new_context(live_url, new_context):
    """pytest-playwright's contexts, created after ``live_url``, so closed before it is torn down."""
    return new_context
