"""``make bench-webhook``: a bounded load test of Meta's webhook on 127.0.0.1.

Starts gunicorn + a Celery worker against PostgreSQL and Redis (``BENCH_DATABASE_URL``,
``BENCH_REDIS_URL``), connects a bench account, then posts ``BENCH_REQUESTS`` signed deliveries
(each a new wamid; every 10th is a duplicate of an earlier one) from ``BENCH_THREADS`` threads, for
``BENCH_SECONDS`` at most. Prints requests/s, p50/p99 answer time, then waits (bounded) for the
worker to turn the stored events into messages and prints duplicate rows and lost messages (posted
wamids with no message). The assistant is silent (no responder) so Meta is never called.
"""

import hashlib
import hmac
import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
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


def body_for(wamid: str, sender: str) -> bytes:
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
                                        "text": {"body": "Bonsoir, le garba c'est combien ?"},
                                    }
                                ],
                            },
                        }
                    ],
                }
            ],
        }
    ).encode()


def database_create_if_missing() -> None:
    """The bench's own PostgreSQL database, created on first use so a fresh machine can run it."""
    import psycopg
    from psycopg import sql

    url = env()["DATABASE_URL"]
    name = url.rsplit("/", 1)[1].split("?", 1)[0]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def main() -> None:
    total = int(os.environ.get("BENCH_REQUESTS", "4000"))
    threads = int(os.environ.get("BENCH_THREADS", "6"))
    seconds = float(os.environ.get("BENCH_SECONDS", "20"))
    database_create_if_missing()
    manage("migrate", "--noinput", "-v", "0")
    subprocess.run([sys.executable, "manage.py", "shell", "-c", SETUP], cwd=ROOT, env=env(), check=True)
    logs = open(ROOT / "var" / "bench-webhook.log", "w")
    web = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            os.environ.get("BENCH_WEB_WORKERS", "2"),
            "--worker-class",
            "gthread",
            "--threads",
            "4",
        ],
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
        latencies, statuses, lock = [], {}, threading.Lock()
        cursor = iter(jobs)
        stop_at = time.monotonic() + seconds

        def client():
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
            while time.monotonic() < stop_at:
                with lock:
                    job = next(cursor, None)
                if job is None:
                    return
                raw = body_for(*job)
                signature = "sha256=" + hmac.new(SECRET.encode(), raw, hashlib.sha256).hexdigest()
                started = time.perf_counter()
                try:
                    connection.request(
                        "POST",
                        "/api/v1/integrations/whatsapp/webhook",
                        raw,
                        {"Content-Type": "application/json", "X-Hub-Signature-256": signature},
                    )
                    response = connection.getresponse()
                    response.read()
                    status = response.status
                except (OSError, http.client.HTTPException):
                    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
                    status = "error"
                elapsed = time.perf_counter() - started
                with lock:
                    latencies.append(elapsed)
                    statuses[status] = statuses.get(status, 0) + 1

        began = time.monotonic()
        pool = [threading.Thread(target=client) for _ in range(threads)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
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
