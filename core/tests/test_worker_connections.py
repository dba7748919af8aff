"""The worker keeps its database connection from one task to the next (config.celery, settings'
CELERY_DB_REUSE_MAX): a new PostgreSQL backend per task was a fifth of a message's cost under load."""

import time

import pytest
from django.db import connection

from integrations.whatsapp.tasks import whatsapp_sweep


def _sweeps_done(worker) -> int:
    return sum("whatsapp_sweep[" in line and "succeeded" in line for line in worker.log().splitlines())


def _sweep_in_worker(worker) -> None:
    done = _sweeps_done(worker)
    whatsapp_sweep.delay()
    deadline = time.monotonic() + 30
    while _sweeps_done(worker) == done:
        assert time.monotonic() < deadline, worker.log()
        time.sleep(0.1)


def _idle_backends_after_the_sweep() -> set[int]:
    """The other sessions on this database whose last statement was the sweep's last query (the
    conversations with messages waiting), still connected."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
            "AND state = 'idle' AND query LIKE %s",
            ["%conversations_message%handled_at%"],
        )
        return {row[0] for row in cursor.fetchall()}


@pytest.mark.worker
def test_the_worker_keeps_its_database_connection_from_one_task_to_the_next(celery_worker):
    _sweep_in_worker(celery_worker)
    first = _idle_backends_after_the_sweep()
    assert len(first) == 1  # the worker's connection, still open after its task

    _sweep_in_worker(celery_worker)
    assert _idle_backends_after_the_sweep() == first  # the same backend answered the next task
