from django.apps import AppConfig


class AssistantConfig(AppConfig):
    """The sales assistant: the pure engine (assistant.engine), its stored sessions and its evaluation."""

    name = "assistant"
    verbose_name = "assistant"
