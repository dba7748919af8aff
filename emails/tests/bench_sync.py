"""Benchmark (run on demand, not part of the suite): a mailbox of 2 000 mails synchronised.

    DATABASE_URL=... REDIS_URL=... .venv/bin/python -m pytest emails/tests/bench_sync.py -q -s -p no:cacheprovider

Fills a real Dovecot mailbox with 2 000 varied messages (orders, invoices, HTML, attachments,
newsletters, Latin-1, replies), then runs the sync as the beat would (runs of
EMAILS_SYNC_MAX_PER_RUN, 200 by default, one after the other) and prints the time. Fails past 60 s.
"""

import re
import time
from datetime import UTC, datetime

import pytest
from imap_tools import MailBoxUnencrypted

from emails import services
from emails.models import Email
from emails.tests import samples
from emails.tests.factories import MailboxConnectionFactory

pytestmark = pytest.mark.django_db

TOTAL = 2000
BUDGET_SECONDS = 60


def _messages(count: int) -> list[bytes]:
    now = datetime.now(UTC)
    kinds = [
        lambda n: samples.plain(
            subject=f"Commande n° {n}", date=now, body=f"Je voudrais {n % 40 + 1} cartons de lait."
        ),
        lambda n: samples.plain(
            subject=f"Facture F-{n}", date=now, body=f"Facture F-{n} de {n * 100} F CFA à régler avant le 30/11."
        ),
        lambda n: samples.html_only(),
        lambda n: samples.with_attachments(),
        lambda n: samples.newsletter(),
        lambda n: samples.latin1_quoted_printable(),
        lambda n: samples.reply_with_thread(),
        lambda n: samples.multipart_alternative(),
    ]
    # The samples carry fixed Message-IDs: each copy gets its own, as real mails have.
    return [
        re.sub(
            rb"(?im)^Message-ID:.*$", f"Message-ID: <bench-{n}@example.ci>".encode(), kinds[n % len(kinds)](n), count=1
        )
        for n in range(count)
    ]


def test_a_mailbox_of_2000_mails_syncs_within_a_minute(dovecot):
    address, password = dovecot.new_user()
    started = time.perf_counter()
    with MailBoxUnencrypted("127.0.0.1", dovecot.port, timeout=60).login(address, password) as box:
        for raw in _messages(TOTAL):
            box.append(raw, "INBOX")
    filled = time.perf_counter() - started
    mailbox = MailboxConnectionFactory(port=dovecot.port, address=address, password=password)

    started = time.perf_counter()
    runs = 0
    while True:
        result = services.mailbox_sync(mailbox_id=mailbox.pk)
        runs += 1
        assert result.status == "ok", result.error
        if not result.remaining:
            break
    elapsed = time.perf_counter() - started

    stored = Email.objects.filter(owner=mailbox.owner).count()
    print(
        f"\nfilled {TOTAL} mails in {filled:.1f} s; synced {stored} in {elapsed:.1f} s over {runs} runs "
        f"({1000 * elapsed / TOTAL:.1f} ms per mail)"
    )
    assert stored == TOTAL
    assert elapsed < BUDGET_SECONDS
