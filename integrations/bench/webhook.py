"""``make bench-webhook``: a bounded load test of Meta's webhook on 127.0.0.1.

Starts gunicorn + a Celery worker against PostgreSQL and Redis (``BENCH_DATABASE_URL``,
``BENCH_REDIS_URL``), connects a bench account, then posts ``BENCH_REQUESTS`` signed deliveries
(each a new wamid; every 10th is a duplicate of an earlier one) over ``BENCH_CONNECTIONS`` keep-alive
connections, for ``BENCH_SECONDS`` at most. Prints requests/s, p50/p99 answer time, then waits (bounded) for the
worker to turn the stored events into messages and prints duplicate rows and lost messages (posted
wamids with no message). The assistant is silent (no responder) so Meta is never called.
"""

import hashlib
import hmac
import http.client
import json
import os
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECRET = "bench-app-secret"
PHONE_NUMBER_ID = "900000000000001"
PORT = int(os.environ.get("BENCH_PORT", "8765"))


def env() -> dict:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/flux_bench"),
        "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9"),
        "CELERY_QUEUE": "flux-bench-webhook",
        "FACEBOOK_APP_SECRET": SECRET,
        "WHATSAPP_RESPONDER": "bench.no_responder",
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECRET_KEY": "bench-secret-key-" + "x" * 40,
        "DJANGO_LOG_LEVEL": "WARNING",
        "CONN_MAX_AGE": "60",
        "FLUX_LOG_LEVEL": "ERROR",
    }


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env(), check=True)


SETUP = f"""
from accounts.tests.factories import UserFactory
from accounts.models import User
from conversations.models import Message
from integrations.whatsapp.services import connection_record
user = User.objects.filter(adresse_email="bench@example.ci").first() or UserFactory(adresse_email="bench@example.ci")
user.plan_abonnement = "entreprise"; user.save()
Message.objects.filter(conversation__owner=user).delete()
connection_record(user=user, token="EAAGbench", credential_type="access_token", waba_id="1",
                  phone_number_id="{PHONE_NUMBER_ID}")
"""


def body_for(wamid: str, sender: str, text: str = "Bonsoir, le garba c'est combien ?") -> bytes:
    """One Meta delivery carrying one customer text message."""
    return json.dumps(
        {
            "object": "whatsapp_business_account",
            "entry": [
                {
                    "id": "1",
                    "changes": [
                        {
                            "field": "messages",
                            "value": {
                                "messaging_product": "whatsapp",
                                "metadata": {
                                    "display_phone_number": "2250700000000",
                                    "phone_number_id": PHONE_NUMBER_ID,
                                },
                                "contacts": [{"profile": {"name": "Client"}, "wa_id": sender}],
                                "messages": [
                                    {
                                        "from": sender,
                                        "id": wamid,
                                        "timestamp": str(int(time.time())),
                                        "type": "text",
                                        "text": {"body": text},
                                    }
                                ],
                            },
                        }
                    ],
                }
            ],
        }
    ).encode()


def request_for(wamid: str, sender: str) -> bytes:
    """One complete HTTP/1.1 request, signed as Meta signs it."""
    raw = body_for(wamid, sender)
    signature = "sha256=" + hmac.new(SECRET.encode(), raw, hashlib.sha256).hexdigest()
    head = (
        "POST /api/v1/integrations/whatsapp/webhook HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{PORT}\r\nContent-Type: application/json\r\n"
        f"X-Hub-Signature-256: {signature}\r\nContent-Length: {len(raw)}\r\n\r\n"
    )
    return head.encode() + raw


class _Connection:
    def __init__(self):
        self.sock = socket.create_connection(("127.0.0.1", PORT), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        self.started = 0.0


def _response_end(buffer: bytes) -> tuple[int, int] | None:
    """(status, length of the first complete response in buffer) or None if it is not complete."""
    head_end = buffer.find(b"\r\n\r\n")
    if head_end < 0:
        return None
    head = buffer[:head_end].lower()
    status = int(buffer[9:12])
    marker = head.find(b"content-length:")
    if marker >= 0:
        length = int(head[marker + 15 :].split(b"\r\n", 1)[0])
        end = head_end + 4 + length
        return (status, end) if len(buffer) >= end else None
    chunks_end = buffer.find(b"0\r\n\r\n", head_end + 4)
    return (status, chunks_end + 5) if chunks_end >= 0 else None


def load_run(requests: list[bytes], *, connections: int, seconds: float) -> tuple[list[float], dict]:
    """Send the requests over keep-alive connections, one in flight on each, from one thread.

    Meta's servers are not on this machine; the load generator shares its two cores with gunicorn,
    PostgreSQL, Redis and the worker, so it is kept cheap: requests built and signed beforehand,
    raw sockets and a selector instead of threads and http.client (which took most of a core).
    """
    selector = selectors.DefaultSelector()
    pending = iter(requests)
    latencies: list[float] = []
    statuses: dict = {}
    stop_at = time.monotonic() + seconds

    def send(connection: _Connection) -> bool:
        request = next(pending, None) if time.monotonic() < stop_at else None
        if request is None:
            selector.unregister(connection.sock)
            connection.sock.close()
            return False
        connection.started = time.perf_counter()
        connection.sock.sendall(request)
        return True

    for _ in range(connections):
        connection = _Connection()
        selector.register(connection.sock, selectors.EVENT_READ, connection)
        send(connection)
    while selector.get_map():
        for key, _ in selector.select(timeout=10):
            connection = key.data
            try:
                data = connection.sock.recv(65536)
            except OSError:
                data = b""
            if not data:  # closed by the server: count it, reconnect, go on
                statuses["error"] = statuses.get("error", 0) + 1
                latencies.append(time.perf_counter() - connection.started)
                selector.unregister(connection.sock)
                connection.sock.close()
                replacement = _Connection()
                selector.register(replacement.sock, selectors.EVENT_READ, replacement)
                send(replacement)
                continue
            connection.buffer += data
            done = _response_end(connection.buffer)
            if done is None:
                continue
            status, end = done
            latencies.append(time.perf_counter() - connection.started)
            statuses[status] = statuses.get(status, 0) + 1
            connection.buffer = connection.buffer[end:]
            send(connection)
    return latencies, statuses


def database_create_if_missing(url: str | None = None) -> None:
    """The bench's own PostgreSQL database (``url``, by default this bench's), created on first use
    so a fresh machine can run it."""
    import psycopg
    from psycopg import sql

    url = url or env()["DATABASE_URL"]
    name = url.rsplit("/", 1)[1].split("?", 1)[0]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def gunicorn_command(*, port: int, workers: str) -> list[str]:
    """gunicorn serving the app on 127.0.0.1:``port`` (gthread workers, 4 threads each)."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        workers,
        "--worker-class",
        "gthread",
        "--threads",
        "4",
    ]


def main() -> None:
    total = int(os.environ.get("BENCH_REQUESTS", "6000"))
    connections = int(os.environ.get("BENCH_CONNECTIONS", "8"))
    seconds = float(os.environ.get("BENCH_SECONDS", "20"))
    database_create_if_missing()
    manage("migrate", "--noinput", "-v", "0")
    subprocess.run([sys.executable, "manage.py", "shell", "-c", SETUP], cwd=ROOT, env=env(), check=True)
    logs = open(ROOT / "var" / "bench-webhook.log", "w")
    web = subprocess.Popen(
        gunicorn_command(port=PORT, workers=os.environ.get("BENCH_WEB_WORKERS", "2")),
        cwd=ROOT,
        env=env(),
        stdout=logs,
        stderr=subprocess.STDOUT,
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            "flux-bench-webhook",
            "--loglevel=WARNING",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env(),
        stdout=logs,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/api/v1/health")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("gunicorn did not start (var/bench-webhook.log)") from None
                time.sleep(0.3)
        run_id = uuid.uuid4().hex[:8]
        jobs = []
        for n in range(total):
            original = n if n % 10 or n == 0 else n - 5  # every 10th request repeats an earlier wamid
            jobs.append((f"wamid.bench.{run_id}.{original}", f"22507{original % 500:08d}"))
        posted = {wamid for wamid, _ in jobs}
        requests = [request_for(*job) for job in jobs]  # bodies signed before the clock starts
        began = time.monotonic()
        latencies, statuses = load_run(requests, connections=connections, seconds=seconds)
        duration = time.monotonic() - began
        sent = len(latencies)
        posted = {wamid for wamid, _ in jobs[:sent]}
        count = subprocess.run(
            [
                sys.executable,
                "manage.py",
                "shell",
                "-c",
                "import time;from conversations.models import Message;from django.db.models import Count;"
                "from integrations.models import InboundEvent;"
                # The worker turns the stored events into messages after the 200s: wait (bounded) for it.
                f"e=InboundEvent.objects.filter(wamid__startswith='wamid.bench.{run_id}.', stored_at__isnull=True);"
                "t=time.monotonic();exec('while e.exists() and time.monotonic()-t<180: time.sleep(0.5)');"
                "print('DRAIN', round(time.monotonic()-t, 1));"
                f"q=Message.objects.filter(wamid__startswith='wamid.bench.{run_id}.');"
                "print('BENCH', q.count(), q.values('wamid').annotate(n=Count('id')).filter(n__gt=1).count(),"
                " ' '.join(q.values_list('wamid', flat=True)))",
            ],
            cwd=ROOT,
            env=env(),
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        drained = next(line for line in count.splitlines() if line.startswith("DRAIN ")).split()[1]
        count = next(line for line in count.splitlines() if line.startswith("BENCH ")).split(" ", 3)[1:]
        stored = set(count[2].split()) if len(count) > 2 else set()
        latencies.sort()
        print(f"webhook requests: {sent} in {duration:.1f} s = {sent / duration:.0f} req/s  statuses: {statuses}")
        print(
            f"answer time: p50 {statistics.median(latencies) * 1000:.1f} ms, "
            f"p99 {latencies[int(len(latencies) * 0.99) - 1] * 1000:.1f} ms"
        )
        print(
            f"message rows: {count[0]} for {len(posted)} distinct wamids; duplicate rows: {count[1]}; "
            f"lost messages: {len(posted - stored)} (the worker had made every message {drained} s after the load)"
        )
        print(
            f"worker: {int(count[0]) / (duration + float(drained)):.0f} messages/s "
            "(messages made, from the first request to the last message)"
        )
    finally:
        for process in (web, worker):
            process.send_signal(signal.SIGTERM)
        for process in (web, worker):
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
        logs.close()


if __name__ == "__main__":
    main()
