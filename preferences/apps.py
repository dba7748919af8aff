from django.apps import AppConfig


class PreferencesConfig(AppConfig):
    """Per-account settings: the AI assistant's configuration and the notification switches."""

    name = "preferences"
    verbose_name = "préférences"
