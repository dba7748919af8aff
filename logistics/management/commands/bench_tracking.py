"""``manage.py bench_tracking``: live deliveries under load, against a real server on 127.0.0.1.

Seeds a bench account in the current database (``DATABASE_URL``): ``--drivers`` drivers, each with a
delivery en route and a link to his page, and ``--customers`` orders out for delivery, each with its
tracking link (the customer's page, aftersales' ``public-tracking-detail`` route; the driver's page
JSON when that route does not exist). Starts gunicorn (``DEBUG`` off, gthread workers) with the same
environment, then for ``--seconds``: every driver posts a position every 30 s (moving a little each
time) and every customer polls his tracking JSON every 20 s, their first requests spread over the
first period. Requests go out on ``--connections`` keep-alive connections; each customer comes from
an address of his own (``X-Forwarded-For`` with ``NUM_PROXIES=1``), as real phones do.

Prints, per endpoint, requests, errors, p50/p95/max latency and how late requests left against their
schedule (a client-side backlog would hide server slowness: it is printed, not hidden), then the
database growth: bytes per position row, rows written per day at this rate, the positions table at
steady state with the 6 h retention, and the whole database's growth over the run extrapolated to a
day. The bench account is deleted at the end; gunicorn is stopped (its process group).
"""

import heapq
import http.client
import json
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection as db
from django.urls import NoReverseMatch, reverse

ROOT = Path(settings.BASE_DIR)
EMAIL = "bench-tracking@example.ci"
DRIVER_PERIOD = 30.0
CUSTOMER_PERIOD = 20.0
SAMPLE = 20_000


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Command(BaseCommand):
    help = (
        "Charge : livreurs qui envoient leur position, clients qui suivent leur commande "
        "(p50/p95, croissance de la base)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--drivers", type=int, default=200)
        parser.add_argument("--customers", type=int, default=2000)
        parser.add_argument("--seconds", type=float, default=90.0, help="Durée mesurée (120 s au plus).")
        parser.add_argument("--connections", type=int, default=32)
        parser.add_argument("--web-workers", type=int, default=3)

    def handle(self, *args, drivers, customers, seconds, connections, web_workers, **options):
        seconds = min(seconds, 120.0)
        tracking_route = self._tracking_route()
        target = tracking_route or "page livreur"
        self.stdout.write(f"Préparation : {drivers} livreurs, {customers} clients ({target})…")
        driver_tokens, customer_paths = self._seed(drivers=drivers, customers=customers, tracking=tracking_route)
        size_before = self._database_bytes()
        port = free_port()
        environment = {
            **os.environ,
            "DEBUG": "false",
            "NUM_PROXIES": "1",
            "SECURE_SSL_REDIRECT": "false",
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
            "DJANGO_LOG_LEVEL": "WARNING",
            "FLUX_LOG_LEVEL": "WARNING",
        }
        command = [
            sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
            "--workers", str(web_workers), "--worker-class", "gthread", "--threads", "4",
            "--log-level", "warning",
        ]  # fmt: skip
        log_path = ROOT / "var" / "bench-tracking.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        log = open(log_path, "w")
        web = subprocess.Popen(
            command, cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            self._wait_ready(web, port)
            stats, elapsed = self._run(
                port=port,
                driver_tokens=driver_tokens,
                customer_paths=customer_paths,
                seconds=seconds,
                connections=connections,
            )
            self._report(stats, elapsed=elapsed, drivers=drivers, customers=customers, size_before=size_before)
        finally:
            self._stop(web)
            log.close()
            self._cleanup()

    # --- set-up ----------------------------------------------------------------------------------

    def _tracking_route(self) -> str | None:
        try:
            reverse("public-tracking-detail", kwargs={"token": "x"})
        except NoReverseMatch:
            return None
        return "public-tracking-detail"

    def _seed(self, *, drivers: int, customers: int, tracking: str | None) -> tuple[list[str], list[str]]:
        from django.db import transaction
        from django.utils import timezone

        from accounts.tests.factories import UserFactory
        from logistics.locations import PLACES
        from logistics.models import Delivery, DeliveryStatus, Driver
        from logistics.services import driver_link_issue
        from orders.models import Order, OrderStatus

        self._cleanup()
        now = timezone.now()
        communes = [name for name, (city, _lat, _lng) in PLACES.items() if city == "Abidjan"]
        with transaction.atomic():
            owner = UserFactory(adresse_email=EMAIL, plan_abonnement="entreprise")
            crew = Driver.objects.bulk_create(
                Driver(
                    owner=owner,
                    name=f"Livreur {index}",
                    phone=f"+22507{index:08d}",
                    commune=communes[index % len(communes)],
                    latitude=PLACES[communes[index % len(communes)]][1],
                    longitude=PLACES[communes[index % len(communes)]][2],
                )
                for index in range(drivers)
            )
            driver_tokens = [driver_link_issue(driver=driver, now=now)[1] for driver in crew]
            orders = Order.objects.bulk_create(
                Order(
                    owner=owner,
                    reference=f"CMD-2026-{index + 1:05d}",
                    year=2026,
                    number=index + 1,
                    customer_name=f"Client {index}",
                    customer_phone=f"+22501{index:08d}",
                    zone=communes[index % len(communes)],
                    commune=communes[index % len(communes)],
                    address="Rue du bench",
                    subtotal=5000,
                    delivery_fee=1000,
                    total=6000,
                    payment_method="cash",
                    status=OrderStatus.OUT_FOR_DELIVERY,
                    source="owner",
                    created_at=now,
                )
                for index in range(customers)
            )
            Delivery.objects.bulk_create(
                Delivery(
                    owner=owner,
                    reference=f"LIV-2026-{index + 1:05d}",
                    year=2026,
                    number=index + 1,
                    customer_name=order.customer_name,
                    customer_phone=order.customer_phone,
                    address=order.address,
                    commune=order.commune,
                    city="Abidjan",
                    latitude=PLACES[order.commune][1],
                    longitude=PLACES[order.commune][2],
                    products=["1 × Produit"],
                    amount=6000,
                    status=DeliveryStatus.EN_ROUTE,
                    progress=60,
                    driver=crew[index % drivers],
                    created_at=now,
                    order=order,
                )
                for index, order in enumerate(orders)
            )
            if tracking:
                from aftersales.services import tracking_link_issue

                customer_paths = [
                    reverse(tracking, kwargs={"token": tracking_link_issue(order=order, now=now)}) for order in orders
                ]
            else:
                customer_paths = [
                    f"/api/v1/public/driver/{driver_tokens[i % drivers]}/deliveries" for i in range(customers)
                ]
        return driver_tokens, customer_paths

    def _cleanup(self) -> None:
        from accounts.models import User

        User.objects.filter(adresse_email=EMAIL).delete()

    def _database_bytes(self) -> int:
        with db.cursor() as cursor:
            cursor.execute("SELECT pg_database_size(current_database())")
            return cursor.fetchone()[0]

    def _wait_ready(self, web: subprocess.Popen, port: int) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/api/v1/health")
                response = conn.getresponse()
                response.read()
                conn.close()
                if response.status == 200:
                    return
            except OSError:
                pass
            if web.poll() is not None:
                break
            time.sleep(0.3)
        raise CommandError("gunicorn n'a pas démarré (var/bench-tracking.log).")

    def _stop(self, web: subprocess.Popen) -> None:
        if web.poll() is None:
            web.send_signal(signal.SIGTERM)
            try:
                web.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(web.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        web.wait()

    # --- the run -----------------------------------------------------------------------------------

    def _run(self, *, port, driver_tokens, customer_paths, seconds, connections):
        rng = random.Random(27)
        start = time.monotonic() + 1.0
        end = start + seconds
        schedule: list[tuple[float, int, str, int]] = []  # (due, seq, kind, index)
        seq = 0
        for index in range(len(driver_tokens)):
            heapq.heappush(schedule, (start + rng.uniform(0, DRIVER_PERIOD), seq, "position", index))
            seq += 1
        for index in range(len(customer_paths)):
            heapq.heappush(schedule, (start + rng.uniform(0, CUSTOMER_PERIOD), seq, "tracking", index))
            seq += 1
        jobs: queue.Queue = queue.Queue()
        stats = {"position": Stats(), "tracking": Stats()}
        lock = threading.Lock()
        where = {i: [5.30 + rng.uniform(0, 0.1), -4.05 + rng.uniform(0, 0.1)] for i in range(len(driver_tokens))}

        def worker():
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            while True:
                job = jobs.get()
                if job is None:
                    return
                due, kind, index = job
                sent = time.monotonic()
                try:
                    if kind == "position":
                        point = where[index]
                        point[0] += rng.uniform(-0.0005, 0.0005)
                        point[1] += rng.uniform(-0.0005, 0.0005)
                        body = json.dumps({"latitude": point[0], "longitude": point[1], "accuracy_m": 15})
                        address = f"10.1.{index // 250}.{index % 250}"
                        headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
                        conn.request("POST", f"/api/v1/public/driver/{driver_tokens[index]}/positions", body, headers)
                    else:
                        address = f"10.2.{index // 250}.{index % 250}"
                        headers = {"Accept": "application/json", "X-Forwarded-For": address}
                        conn.request("GET", customer_paths[index], headers=headers)
                    response = conn.getresponse()
                    response.read()
                    status = response.status
                except (OSError, http.client.HTTPException) as error:
                    status = type(error).__name__
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                took = time.monotonic() - sent
                with lock:
                    entry = stats[kind]
                    entry.latencies.append(took)
                    entry.lags.append(max(0.0, sent - due))
                    if not (isinstance(status, int) and status < 400):
                        entry.errors[str(status)] = entry.errors.get(str(status), 0) + 1

        threads = [threading.Thread(target=worker, daemon=True) for _ in range(connections)]
        for thread in threads:
            thread.start()
        while schedule:
            due, _, kind, index = schedule[0]
            if due >= end:
                break
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(min(wait, 0.05))
                continue
            heapq.heappop(schedule)
            jobs.put((due, kind, index))
            period = DRIVER_PERIOD if kind == "position" else CUSTOMER_PERIOD
            heapq.heappush(schedule, (due + period, seq, kind, index))
            seq += 1
        for _ in threads:
            jobs.put(None)
        for thread in threads:
            thread.join(timeout=60)
        return stats, time.monotonic() - start

    def _bytes_per_position(self) -> float:
        """Table + index bytes per position row, measured on SAMPLE rows inserted in a transaction that
        is rolled back (a few hundred rows would measure the 8 kB pages, not the rows)."""
        from django.db import transaction
        from django.utils import timezone

        from logistics.models import Driver, DriverPosition

        table = DriverPosition._meta.db_table
        driver_ids = list(Driver.objects.filter(owner__adresse_email=EMAIL).values_list("pk", flat=True))
        now = timezone.now()
        with transaction.atomic():
            with db.cursor() as cursor:
                cursor.execute("SELECT pg_total_relation_size(%s)", [table])
                before = cursor.fetchone()[0]
                DriverPosition.objects.bulk_create(
                    DriverPosition(
                        driver_id=driver_ids[i % len(driver_ids)],
                        latitude=5.3 + i * 1e-6,
                        longitude=-4.0,
                        accuracy_m=15,
                        recorded_at=now,
                    )
                    for i in range(SAMPLE)
                )
                cursor.execute("SELECT pg_total_relation_size(%s)", [table])
                after = cursor.fetchone()[0]
            transaction.set_rollback(True)
        return (after - before) / SAMPLE

    # --- the report ----------------------------------------------------------------------------------

    def _report(self, stats, *, elapsed, drivers, customers, size_before):
        from logistics.models import DriverPosition
        from logistics.services import POSITION_KEEP

        out = self.stdout.write
        out(
            f"\n{drivers} livreurs (position toutes les 30 s), {customers} clients (suivi toutes les 20 s), "
            f"{elapsed:.0f} s\n"
        )
        out(
            f"{'endpoint':<28}{'requêtes':>9}{'erreurs':>9}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'retard p95 ms':>15}"
        )
        for kind, label in (("position", "POST position (livreur)"), ("tracking", "GET suivi (client)")):
            entry = stats[kind]
            errors = sum(entry.errors.values())
            out(
                f"{label:<28}{len(entry.latencies):>9}{errors:>9}"
                f"{percentile(entry.latencies, 0.5) * 1000:>9.1f}{percentile(entry.latencies, 0.95) * 1000:>9.1f}"
                f"{max(entry.latencies, default=0) * 1000:>9.1f}{percentile(entry.lags, 0.95) * 1000:>15.1f}"
            )
            if entry.errors:
                out(f"  erreurs : {entry.errors}")
        growth = self._database_bytes() - size_before  # before the row-size sample below extends the table
        rows = DriverPosition.objects.filter(driver__owner__adresse_email=EMAIL).count()
        per_row = self._bytes_per_position()
        per_day = drivers * 86400 / DRIVER_PERIOD
        kept = drivers * POSITION_KEEP.total_seconds() / DRIVER_PERIOD
        out(f"\nPositions écrites : {rows} ; {per_row:.0f} octets/ligne (table et index, mesurés sur {SAMPLE} lignes)")
        out(
            f"Écrites par jour si les {drivers} livreurs roulent 24 h : {per_day:,.0f} lignes "
            f"≈ {per_day * per_row / 1e6:,.0f} Mo ; conservées (6 h) : {kept:,.0f} lignes "
            f"≈ {kept * per_row / 1e6:,.0f} Mo au plus (positions_prune chaque heure)"
        )
        per_day_gb = growth * 86400 / elapsed / 1e9
        out(f"Base entière pendant la mesure : +{growth / 1e6:.1f} Mo, soit ≈ {per_day_gb:.2f} Go/jour sans purge")
