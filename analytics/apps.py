from django.apps import AppConfig


class AnalyticsConfig(AppConfig):
    """Figures computed from the account's own rows (conversations, logistics, e-mails): the home
    page's cards and recent activity, and the 'Statistiques' page (plans with analytics only).
    No models: every figure is read live, so it is always what the other pages show."""

    name = "analytics"
    verbose_name = "statistiques"
