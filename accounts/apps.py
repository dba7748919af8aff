from importlib import import_module

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Comptes"

    def ready(self):
        # Defining the drf-spectacular extension registers it: the OpenAPI schema then describes
        # our Bearer authentication. Imported for that effect only.
        import_module(f"{self.name}.schema")
