from django.apps import AppConfig


class AnalyticsConfig(AppConfig):
    """Figures computed from the account's own rows (conversations, logistics, e-mails): the home
    page's cards and recent activity, and the 'Statistiques' page (plans with analytics only).
    The forecasts are the exception: computed nightly and stored (models.py)."""

    name = "analytics"
    verbose_name = "statistiques"
