"""Celery application.

Without REDIS_URL, settings turn on ``task_always_eager`` so tasks run in-process
(the embedded default); with it, tasks go through Redis to ``celery -A config worker``.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("flux")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _nightly_schedule(sender, **kwargs):
    """The forecasts of every account with « Analyses prédictives », each night at 02:30 (Abidjan),
    when the shops are closed (analytics.tasks)."""
    from celery.schedules import crontab

    sender.add_periodic_task(
        crontab(hour=2, minute=30), sender.signature("analytics.tasks.forecasts_nightly"), name="analytics-forecasts"
    )
