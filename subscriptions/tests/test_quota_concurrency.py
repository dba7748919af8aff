"""Parallel starts against the real database: the cap holds under concurrency."""

import threading

import pytest
from django.db import connection, connections

from accounts.tests.factories import UserFactory
from core.exceptions import ApplicationError
from subscriptions.models import ConversationUsage
from subscriptions.selectors import conversation_usage, month_start
from subscriptions.services import conversation_quota_consume

THREADS = 8

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row-level locking is PostgreSQL's; SQLite serialises writers and raises 'table is locked' "
    "for concurrent writers on its shared in-memory test database",
)


def consume_in_parallel(user, threads: int) -> list:
    """Start ``threads`` consumes at the same moment, each on its own database connection."""
    barrier = threading.Barrier(threads)
    outcomes: list = []
    lock = threading.Lock()

    def worker():
        try:
            barrier.wait()
            result = conversation_quota_consume(user=user)
        except ApplicationError as error:
            result = error.code
        except Exception as error:  # reported to the test, not swallowed
            result = error
        finally:
            connections.close_all()
        with lock:
            outcomes.append(result)

    workers = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join(timeout=60)
    return outcomes


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_parallel_starts_at_cap_minus_one_let_exactly_one_through():
    user = UserFactory(plan_abonnement="gratuit")
    ConversationUsage.objects.create(user=user, month=month_start(), count=99)

    outcomes = consume_in_parallel(user, THREADS)

    assert sorted(outcomes, key=str) == [100] + ["plan_limit_reached"] * (THREADS - 1)
    assert conversation_usage(user) == 100


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_parallel_first_starts_of_the_month_create_one_row_and_count_each():
    user = UserFactory(plan_abonnement="gratuit")

    outcomes = consume_in_parallel(user, THREADS)

    assert sorted(outcomes) == list(range(1, THREADS + 1))
    assert ConversationUsage.objects.filter(user=user).count() == 1
    assert conversation_usage(user) == THREADS
