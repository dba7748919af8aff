"""The embedded mode (no REDIS_URL): tasks run in-process and nothing looks for a broker."""

import os
import subprocess
import sys

from django.conf import settings

ENQUEUE = """
import django
django.setup()
from django.conf import settings
from core.tasks import enqueue_on_commit, send_email
print("ALWAYS_EAGER", settings.CELERY_TASK_ALWAYS_EAGER, "BROKER", settings.CELERY_BROKER_URL)
enqueue_on_commit(send_email, subject="Votre code Flux IA", to=["awa@example.ci"], text="Code : 123456")
"""


def test_a_task_enqueued_in_the_embedded_settings_runs_in_process_without_any_broker_warning(tmp_path):
    # The process starts the way `make run` does with no environment: no REDIS_URL, console e-mails.
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'embedded.sqlite3'}",
        "DEBUG": "true",
    }
    result = subprocess.run(
        [sys.executable, "-c", ENQUEUE],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr

    assert result.returncode == 0, output
    assert "ALWAYS_EAGER True BROKER memory://" in output
    # The e-mail task ran inside the process (the console mailer printed it)...
    assert "Subject: Votre code Flux IA" in output and "Code : 123456" in output
    assert "Task core.send_email" in output and "succeeded" in output
    # ...and kombu never went looking for a broker host.
    assert "No hostname was supplied" not in output
    assert "kombu" not in output
