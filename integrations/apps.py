from django.apps import AppConfig


class IntegrationsConfig(AppConfig):
    name = "integrations"
    verbose_name = "Intégrations"

    def ready(self):
        from core.spa import register_route_hook

        from .configuration import check_whatsapp_settings
        from .csp import apply_dashboard_policy

        check_whatsapp_settings()
        # Only the dashboard loads the Facebook SDK (the WhatsApp panel): only its pages get the
        # wider policy and the popup-friendly opener policy FB.login needs.
        register_route_hook("/dashboard", apply_dashboard_policy)
