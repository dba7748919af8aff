"""Celery application.

Without REDIS_URL, settings turn on ``task_always_eager`` so tasks run in-process
(the embedded default); with it, tasks go through Redis to ``celery -A config worker``.
"""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("flux")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _connections_recycle(task=None, **kwargs):
    """What Django does around each request, around each task of a worker: a connection older than
    CONN_MAX_AGE or left unusable by an error is closed, and the next query checks it
    (CONN_HEALTH_CHECKS). The worker keeps its connection between tasks (CELERY_DB_REUSE_MAX); an
    eager task runs inside its caller's transaction and leaves its connection alone."""
    if task is None or getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


@app.on_after_configure.connect
def _nightly_schedule(sender, **kwargs):
    """The forecasts of every account with « Analyses prédictives », each night at 02:30 (Abidjan),
    when the shops are closed (analytics.tasks)."""
    from celery.schedules import crontab

    sender.add_periodic_task(
        crontab(hour=2, minute=30), sender.signature("analytics.tasks.forecasts_nightly"), name="analytics-forecasts"
    )
