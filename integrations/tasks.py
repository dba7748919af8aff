"""Celery's autodiscovery reads ``<app>.tasks``: the channel's tasks live in ``integrations.whatsapp``."""

from .whatsapp.tasks import whatsapp_conversation_answer, whatsapp_message_deliver

__all__ = ["whatsapp_conversation_answer", "whatsapp_message_deliver"]
