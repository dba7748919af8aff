from importlib import import_module

from django.apps import AppConfig
from django.core.exceptions import ImproperlyConfigured


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Comptes"

    def ready(self):
        # Defining the drf-spectacular extension registers it: the OpenAPI schema then describes
        # our Bearer authentication. Imported for that effect only.
        import_module(f"{self.name}.schema")
        from .channels import phone_channel_problem

        # A half-configured code sender fails at start, not at a new owner's first sign-up.
        problem = phone_channel_problem()
        if problem:
            raise ImproperlyConfigured(problem)
