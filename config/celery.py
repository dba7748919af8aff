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
