from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Plumbing shared by every app: the application error, pagination, the SPA shell, health."""

    name = "core"
