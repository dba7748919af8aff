from django.apps import AppConfig


class IntegrationsConfig(AppConfig):
    name = "integrations"
    verbose_name = "Intégrations"

    def ready(self):
        from .configuration import check_whatsapp_settings

        check_whatsapp_settings()
