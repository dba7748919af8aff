"""``make bench-loop``: the whole assistant loop under load, on 127.0.0.1.

Starts a fake Graph API (``integrations/tests/fake_graph.py``), gunicorn and a Celery worker against
PostgreSQL and Redis (``BENCH_DATABASE_URL``, ``BENCH_REDIS_URL``) with the real responder (the
embedded engine; no language model), connects a bench account whose shop is the development set's
(``BENCH_DATA``, imported with ``manage.py shop_import``), warms it up (one unmeasured message per
worker process), then lets ``BENCH_CUSTOMERS`` customers write at once. Each sends ``BENCH_TURNS``
signed webhook deliveries, one after the other, each as soon as the assistant's reply to the previous
one reached the fake Graph API; the whole run is bounded by ``BENCH_SECONDS``.

A message is timed from the moment its webhook POST starts to the moment the fake Graph API receives
the first reply to it. Replies are matched to messages through the read receipts: the worker marks a
customer's message read before the engine answers it, and it handles one conversation at a time, in
order, so every reply sent to a customer answers the message last marked read for that customer
(a second reply to a message, arriving after the customer wrote again, is not taken for the answer
to the next one).

Prints customers, messages sent, answered and lost (no reply before the end), answered messages per
second, webhook → reply p50/p95/max and the webhook POST's p50/p95; exits 1 when a message got no
reply. Every process it starts runs in a process group of its own and is stopped at the end, also
on Ctrl-C, SIGTERM or an error.
"""

import hashlib
import hmac
import http.client
import json
import math
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from integrations.tests.fake_graph import VERSION, FakeGraph

from . import webhook

ROOT = webhook.ROOT
WEBHOOK_PATH = "/api/v1/integrations/whatsapp/webhook"
EMAIL = "bench-loop@example.ci"
QUEUE = "flux-bench-loop"
RESPONDER = "assistant.services.assistant_answer"
DATA = ROOT / "assistant" / "tests" / "data" / "dev"
# Intents a customer may ask between the order's turns without being handed to a person.
FILLER_INTENTS = ("price", "availability", "delivery_zone_fee", "delivery_time", "payment", "hours", "location", "faq")


def customer_number(index: int, *, warm_up: bool = False) -> str:
    """The WhatsApp id (Ivorian mobile number digits) of the bench's ``index``-th customer."""
    return f"225079{9 if warm_up else 1}{index:06d}"


# --- The customers' conversations ----------------------------------------------------------------


def conversations_build(*, data: Path, customers: int, turns: int) -> list[list[str]]:
    """``turns`` customer messages for each of ``customers`` customers, from a data set in the
    development-set format (``messages.jsonl``, ``dialogues.jsonl``).

    Each conversation is one of the dialogues that end in an order (they confirm it on their last
    turn; the ones that give up or are handed to a person are left out: a handed-off conversation
    gets no more replies), preferring those that fit in ``turns``: a greeting in the dialogue's
    language comes first, a price question next, then the dialogue, then thanks and more questions
    while turns remain; a dialogue longer than ``turns`` is cut. Customers sharing a dialogue get
    other greetings and questions.
    """
    messages = [json.loads(line) for line in (data / "messages.jsonl").read_text(encoding="utf-8").splitlines() if line]
    dialogues = [
        json.loads(line) for line in (data / "dialogues.jsonl").read_text(encoding="utf-8").splitlines() if line
    ]
    ordering = [d for d in dialogues if d.get("expected_order")]
    pool = [d for d in ordering if len(d["turns"]) <= turns] or ordering
    if not pool:
        raise ValueError(f"{data}/dialogues.jsonl has no dialogue that ends in an order")

    def said(language: str, intents: tuple[str, ...]) -> list[str]:
        return [
            m["text"] for m in messages if m["lang"] == language and m["intent"] in intents and not m.get("handoff")
        ]

    conversations = []
    for index in range(customers):
        dialogue = pool[index % len(pool)]
        variant = index // len(pool)
        language = dialogue["lang"]
        room = turns - len(dialogue["turns"])
        opening = [said(language, ("greeting",)), said(language, ("price",))][: max(room, 0)]
        closing = [said(language, ("thanks_bye",))] + [said(language, FILLER_INTENTS)] * max(room - 3, 0)
        texts = [choices[(variant + n) % len(choices)] for n, choices in enumerate(opening) if choices]
        texts += dialogue["turns"]
        closing = [choices for choices in closing if choices]
        for n, choices in enumerate(closing[: max(turns - len(texts), 0)]):
            texts.append(choices[(variant + n) % len(choices)])
        conversations.append(texts[:turns])
    return conversations


# --- Matching replies to messages ----------------------------------------------------------------


@dataclass
class Sent:
    """One customer message: when its POST started, how long the POST took, when the worker marked
    it read (it starts answering it) and when its reply came."""

    customer: int
    turn: int
    text: str
    started: float
    post_seconds: float | None = None
    status: int | str | None = None
    read: float | None = None
    replied: float | None = None

    @property
    def reply_seconds(self) -> float | None:
        return None if self.replied is None else self.replied - self.started


class ReplyClock:
    """Times each customer message from its webhook POST to the first reply the fake Graph API
    receives for it. ``on_call`` sees every Graph API call as it arrives (in the fake's threads)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._sent: dict[str, Sent] = {}  # wamid -> the message
        self._customer_of: dict[str, str] = {}  # wamid -> WhatsApp id of its sender
        self._read: dict[str, str] = {}  # WhatsApp id -> the wamid last marked read
        self._latest: dict[str, str] = {}  # WhatsApp id -> the wamid last posted
        self._answered: dict[str, threading.Event] = {}
        self.replies = 0  # every reply the fake received for a bench customer

    def expect(self, *, wa_id: str, wamid: str, sent: Sent) -> threading.Event:
        """Register a message before its POST starts (its reply may come before the POST's answer)."""
        with self._lock:
            self._sent[wamid] = sent
            self._customer_of[wamid] = wa_id
            self._latest[wa_id] = wamid
            self._answered[wamid] = threading.Event()
            return self._answered[wamid]

    def on_call(self, call) -> None:
        now = time.perf_counter()
        if call.method != "POST" or not call.path.endswith("/messages") or not call.body:
            return
        with self._lock:
            if call.body.get("status") == "read":
                wamid = call.body.get("message_id")
                if wamid in self._customer_of:
                    self._read[self._customer_of[wamid]] = wamid
                    if self._sent[wamid].read is None:
                        self._sent[wamid].read = now
                return
            to = call.body.get("to")
            if to not in self._latest:
                return
            self.replies += 1
            # Without read receipts the latest message is the best guess.
            wamid = self._read.get(to) or self._latest[to]
            sent = self._sent[wamid]
            if sent.replied is None:
                sent.replied = now
                self._answered[wamid].set()

    def sent(self) -> list[Sent]:
        with self._lock:
            return list(self._sent.values())


class _CallFeed(list):
    """The fake Graph API's record of calls, handing each call to ``listener`` as it is recorded."""

    def __init__(self, listener):
        super().__init__()
        self.listener = listener

    def append(self, call) -> None:
        super().append(call)
        self.listener(call)


def graph_start(clock: ReplyClock) -> FakeGraph:
    """The tests' fake Graph API, feeding ``clock``.

    With TCP_NODELAY on its connections: its handler writes the headers and the body of an answer
    apart, and without it the body waits for the client's delayed ACK (10 to 40 ms on every call,
    two calls per message), a delay of the fake, not of the code measured.
    """
    graph = FakeGraph()
    graph.server.RequestHandlerClass.disable_nagle_algorithm = True  # this instance's own class
    graph.calls = _CallFeed(clock.on_call)
    default_handle_error = graph.server.handle_error

    def handle_error(request, client_address):
        # A worker stopping at the end drops its keep-alive connection: not worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            default_handle_error(request, client_address)

    graph.server.handle_error = handle_error
    return graph.start()


# --- The load ----------------------------------------------------------------------------------


def post(*, port: int, raw: bytes) -> int:
    """POST one delivery to the webhook, signed as Meta signs it; the HTTP status."""
    signature = "sha256=" + hmac.new(webhook.SECRET.encode(), raw, hashlib.sha256).hexdigest()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(
            "POST",
            WEBHOOK_PATH,
            body=raw,
            headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature},
        )
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def customer_talk(
    clock: ReplyClock, *, port: int, customer: int, wa_id: str, texts: list[str], run_id: str, stop_at: float
) -> None:
    """One customer: each message once the previous one is answered, until ``stop_at``."""
    for turn, text in enumerate(texts):
        if time.monotonic() >= stop_at:
            return
        wamid = f"wamid.loop.{run_id}.{wa_id}.{turn}"
        raw = webhook.body_for(wamid, wa_id, text)
        sent = Sent(customer=customer, turn=turn, text=text, started=time.perf_counter())
        answered = clock.expect(wa_id=wa_id, wamid=wamid, sent=sent)
        try:
            sent.status = post(port=port, raw=raw)
        except OSError as error:
            sent.status = f"error ({error.__class__.__name__})"
            return
        finally:
            sent.post_seconds = time.perf_counter() - sent.started
        if not answered.wait(max(0.0, stop_at - time.monotonic())):
            return


def load_run(
    clock: ReplyClock, *, port: int, conversations: list[list[str]], seconds: float, warm_up: bool = False
) -> None:
    """Every customer at once, each in a thread of its own (they spend their time waiting)."""
    run_id = uuid.uuid4().hex[:8]
    stop_at = time.monotonic() + seconds
    threads = [
        threading.Thread(
            target=customer_talk,
            args=(clock,),
            kwargs={
                "port": port,
                "customer": index,
                "wa_id": customer_number(index, warm_up=warm_up),
                "texts": texts,
                "run_id": run_id,
                "stop_at": stop_at,
            },
            daemon=True,
        )
        for index, texts in enumerate(conversations)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.0, stop_at - time.monotonic()) + 5)


# --- Figures -----------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank ``q``-th percentile (0 < q ≤ 100): the smallest value with at least q % of the
    values at or below it. None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q / 100 * len(ordered))) - 1]


@dataclass
class Figures:
    customers: int
    turns: int
    expected: int
    sent: int
    answered: int
    lost: int
    replies: int
    statuses: dict = field(default_factory=dict)
    seconds: float = 0.0
    per_second: float = 0.0
    reply_p50: float | None = None
    reply_p95: float | None = None
    reply_max: float | None = None
    to_read_p50: float | None = None
    to_read_p95: float | None = None
    read_to_reply_p50: float | None = None
    read_to_reply_p95: float | None = None
    post_p50: float | None = None
    post_p95: float | None = None
    cpu: dict = field(default_factory=dict)  # CPU seconds used during the load, per part
    busy: float | None = None  # share of the machine's cores busy during the load (0 to 1)

    @property
    def ok(self) -> bool:
        return self.sent == self.expected and self.lost == 0


def figures_from(sent: list[Sent], *, customers: int, turns: int, replies: int, expected: int | None = None) -> Figures:
    """The figures of a run; ``expected`` messages in all (``customers × turns`` unless said)."""
    answered = [s for s in sent if s.replied is not None]
    statuses: dict = {}
    for s in sent:
        statuses[s.status] = statuses.get(s.status, 0) + 1
    seconds = 0.0
    if answered:
        seconds = max(s.replied for s in answered) - min(s.started for s in sent)
    reply_times = [s.reply_seconds for s in answered]
    to_read = [s.read - s.started for s in answered if s.read is not None]
    read_to_reply = [s.replied - s.read for s in answered if s.read is not None]
    post_times = [s.post_seconds for s in sent if s.post_seconds is not None]
    return Figures(
        customers=customers,
        turns=turns,
        expected=customers * turns if expected is None else expected,
        sent=len(sent),
        answered=len(answered),
        lost=len(sent) - len(answered),
        replies=replies,
        statuses=statuses,
        seconds=seconds,
        per_second=len(answered) / seconds if seconds else 0.0,
        reply_p50=percentile(reply_times, 50),
        reply_p95=percentile(reply_times, 95),
        reply_max=max(reply_times, default=None),
        to_read_p50=percentile(to_read, 50),
        to_read_p95=percentile(to_read, 95),
        read_to_reply_p50=percentile(read_to_reply, 50),
        read_to_reply_p95=percentile(read_to_reply, 95),
        post_p50=percentile(post_times, 50),
        post_p95=percentile(post_times, 95),
    )


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.0f} ms"


def report(figures: Figures, *, seconds: float) -> list[str]:
    unsent = figures.expected - figures.sent
    return [
        f"customers: {figures.customers} writing at once, {figures.turns} messages each",
        f"messages sent: {figures.sent} of {figures.expected}"
        + (f" ({unsent} never sent: their customer was still waiting at the end)" if unsent else ""),
        f"replies received: {figures.answered} messages answered ({figures.replies} reply messages by then); "
        f"lost: {figures.lost} (no reply within {seconds:.0f} s)",
        f"answered: {figures.per_second:.1f} messages/s ({figures.answered} from the first POST to the last "
        f"first reply, {figures.seconds:.1f} s)",
        f"webhook → reply: p50 {_ms(figures.reply_p50)}, p95 {_ms(figures.reply_p95)}, max {_ms(figures.reply_max)}",
        f"  webhook → marked read (queues, storing, the answer task starts): p50 {_ms(figures.to_read_p50)}, "
        f"p95 {_ms(figures.to_read_p95)}",
        f"  marked read → reply (the responder, recording, sending): p50 {_ms(figures.read_to_reply_p50)}, "
        f"p95 {_ms(figures.read_to_reply_p95)}",
        f"webhook POST: p50 {_ms(figures.post_p50)}, p95 {_ms(figures.post_p95)}; statuses: {figures.statuses}",
    ] + (
        [
            "CPU during the load: "
            + ", ".join(f"{name} {used:.1f} s" for name, used in figures.cpu.items())
            + f"; the machine's {os.cpu_count()} cores {figures.busy:.0%} busy"
        ]
        if figures.cpu
        else []
    )


# --- The processes -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def env(*, database_url: str, redis_url: str, graph_url: str, queue: str) -> dict:
    """The bench-webhook environment with the real responder, sending to the fake Graph API.

    Everything stays on this machine: no language model, e-mails (handoff alerts) on the console.
    """
    return {
        **webhook.env(),
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "CELERY_QUEUE": queue,
        "WHATSAPP_RESPONDER": RESPONDER,
        "WHATSAPP_GRAPH_URL": graph_url,
        "WHATSAPP_GRAPH_VERSION": VERSION,
        "ASSISTANT_LLM_URL": "",
        "ASSISTANT_STT_URL": "",
        "EMAIL_URL": "",
        "WHATSAPP_TOKEN_WEBHOOK_URL": "",
    }


SETUP = """
from django.core.cache import cache
from django.core.management import call_command
from accounts.models import User
from accounts.tests.factories import UserFactory
from assistant.models import AssistantSession
from conversations.models import Contact, Conversation
from integrations.models import InboundEvent
from integrations.whatsapp.services import connection_record
from integrations.whatsapp.tasks import INBOUND_SCHEDULED_KEY
from orders.models import Order
user = User.objects.filter(adresse_email={email!r}).first() or UserFactory(adresse_email={email!r})
user.plan_abonnement = "entreprise"; user.save()
# Every run starts with new customers: the previous run's conversations, carts and orders go.
keys = [f"conversation:{{pk}}" for pk in Conversation.objects.filter(owner=user).values_list("pk", flat=True)]
AssistantSession.objects.filter(key__in=keys).delete()
Order.objects.filter(owner=user).delete()
Contact.objects.filter(owner=user).delete()
InboundEvent.objects.filter(phone_number_id={phone_number_id!r}).delete()
# A flag left by a stopped run would hold back the first deliveries' store task for seconds.
cache.delete(INBOUND_SCHEDULED_KEY)
connection_record(user=user, token="EAAGbench", credential_type="access_token", waba_id="1",
                  phone_number_id={phone_number_id!r})
call_command("shop_import", "--email", {email!r}, {shop!r})
"""


def queue_purge(*, redis_url: str, queue: str) -> None:
    """Drop the tasks waiting in the bench's queue (a previous run's, or those a stopped worker gave back)."""
    from kombu import Connection

    with Connection(redis_url) as connection:
        connection.default_channel.queue_purge(queue)


def _start(command: list[str], *, environment: dict, log) -> subprocess.Popen:
    """A process in a group of its own, so stopping it stops its children (the worker's pool) too."""
    return subprocess.Popen(
        command, cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )


def _stop(processes: list[subprocess.Popen]) -> None:
    """SIGTERM to each process (gunicorn and Celery stop their own workers), 15 s to stop, then
    SIGKILL to whatever is left of its group. A leader is reaped only after that, so its group id
    cannot have gone to another process in between."""
    for process in processes:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 15
    for process in processes:
        # Wait for the exit without reaping (WNOWAIT): the exited leader keeps its group id.
        while process.returncode is None and time.monotonic() < deadline:
            if os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                break
            time.sleep(0.1)
        try:  # whatever is left of the group: a stuck leader, or children it left behind
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(*, pgid: int | None = None, name: str | None = None) -> float:
    """CPU time (user + system) used so far by the live processes of the process group ``pgid``, or
    by those called ``name`` (the PostgreSQL and Redis servers: read, never touched)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # gone meanwhile
        command, fields = text[text.index("(") + 1 : text.rindex(")")], text[text.rindex(")") + 1 :].split()
        if (pgid is not None and int(fields[2]) == pgid) or command == name:  # state, ppid, pgrp, …
            total += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return total


def machine_busy_seconds() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, summed over its cores."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return (sum(values) - idle) / CLOCK_TICKS, sum(values) / CLOCK_TICKS


def _web_wait(web: subprocess.Popen, *, port: int, log_path: Path) -> None:
    """Until gunicorn answers the health check (database, cache, broker) with a 200, 60 s at most."""
    deadline = time.monotonic() + 60
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/api/v1/health")
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status == 200:
                return
        except OSError:
            pass
        if web.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"gunicorn did not start ({log_path})")
        time.sleep(0.3)


def loop_run(
    *,
    customers: int,
    turns: int,
    seconds: float,
    database_url: str,
    redis_url: str,
    log_path: Path,
    data: Path = DATA,
    concurrency: int = 2,
    web_workers: int = 2,
    migrate: bool = True,
    queue: str = QUEUE,
) -> Figures:
    """Start everything, warm it up, run the customers, stop everything; the figures."""
    conversations = conversations_build(data=data, customers=customers, turns=turns)
    clock = ReplyClock()
    graph = graph_start(clock)
    processes: list[subprocess.Popen] = []
    environment = env(database_url=database_url, redis_url=redis_url, graph_url=graph.url, queue=queue)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "w")
    try:
        if migrate:
            webhook.database_create_if_missing(database_url)
            manage = [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"]
            subprocess.run(manage, cwd=ROOT, env=environment, check=True, stdout=log, stderr=subprocess.STDOUT)
        setup = SETUP.format(email=EMAIL, phone_number_id=webhook.PHONE_NUMBER_ID, shop=str(data / "business.json"))
        subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", setup],
            cwd=ROOT,
            env=environment,
            check=True,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        queue_purge(redis_url=redis_url, queue=queue)
        port = free_port()
        processes.append(
            _start(webhook.gunicorn_command(port=port, workers=str(web_workers)), environment=environment, log=log)
        )
        # The production worker (Procfile): prefork pool, CELERY_CONCURRENCY processes (2), prefetch 1.
        worker = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=prefork",
            f"--concurrency={concurrency}",
            "-Q",
            queue,
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-n",
            f"{queue}@%h",
        ]
        processes.append(_start(worker, environment=environment, log=log))
        _web_wait(processes[0], port=port, log_path=log_path)
        # Warm-up, not measured: as many customers as worker processes, one message each, so each
        # process has loaded the engine's model and every connection is open, as in a running service.
        warm_up = ReplyClock()
        graph.calls.listener = warm_up.on_call
        openings = [texts[:1] for texts in conversations_build(data=data, customers=max(concurrency, 2), turns=1)]
        load_run(warm_up, port=port, conversations=openings, seconds=60, warm_up=True)
        if not all(s.replied for s in warm_up.sent()):
            raise RuntimeError(f"the worker did not answer the warm-up messages ({log_path})")
        graph.calls.listener = clock.on_call
        parts = {
            "worker": {"pgid": processes[1].pid},
            "gunicorn": {"pgid": processes[0].pid},
            "PostgreSQL (every database)": {"name": "postgres"},
            "Redis": {"name": "redis-server"},
        }
        cpu_before = {part: cpu_seconds(**which) for part, which in parts.items()}
        own_before, machine_before = time.process_time(), machine_busy_seconds()
        load_run(clock, port=port, conversations=conversations, seconds=seconds)
        figures = figures_from(
            clock.sent(),
            customers=customers,
            turns=turns,
            replies=clock.replies,
            expected=sum(len(texts) for texts in conversations),
        )
        figures.cpu = {part: cpu_seconds(**which) - cpu_before[part] for part, which in parts.items()}
        figures.cpu["this bench (customers, fake Graph API)"] = time.process_time() - own_before
        busy, total = (after - before for after, before in zip(machine_busy_seconds(), machine_before, strict=True))
        figures.busy = busy / total if total else None
        return figures
    finally:
        _stop(processes)
        if processes:
            queue_purge(redis_url=redis_url, queue=queue)
        graph.stop()
        log.close()


def _terminated(signum, frame):
    raise KeyboardInterrupt  # the same clean-up as Ctrl-C


def main() -> None:
    customers = int(os.environ.get("BENCH_CUSTOMERS", "20"))
    turns = int(os.environ.get("BENCH_TURNS", "5"))
    seconds = float(os.environ.get("BENCH_SECONDS", "120"))
    concurrency = int(os.environ.get("BENCH_WORKER_CONCURRENCY", "2"))
    web_workers = int(os.environ.get("BENCH_WEB_WORKERS", "2"))
    database_url = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/flux_bench_loop")
    redis_url = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/10")
    data = Path(os.environ.get("BENCH_DATA", DATA))
    log_path = ROOT / "var" / "bench-loop.log"
    signal.signal(signal.SIGTERM, _terminated)
    print(
        f"bench-loop: {customers} customers × {turns} messages, {seconds:.0f} s at most; "
        f"1 Celery worker (prefork × {concurrency}), gunicorn {web_workers} gthread workers × 4; log {log_path}; "
        f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
        flush=True,
    )
    try:
        figures = loop_run(
            customers=customers,
            turns=turns,
            seconds=seconds,
            database_url=database_url,
            redis_url=redis_url,
            log_path=log_path,
            data=data,
            concurrency=concurrency,
            web_workers=web_workers,
        )
    except KeyboardInterrupt:
        print("bench-loop: interrupted; every process it started is stopped", file=sys.stderr)
        raise SystemExit(130) from None
    except (RuntimeError, subprocess.CalledProcessError) as error:
        raise SystemExit(f"bench-loop: {error} (log: {log_path})") from None
    print("\n".join(report(figures, seconds=seconds)))
    if not figures.ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
