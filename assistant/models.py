"""Stored assistant sessions: the engine's state (cart, last product, language, pending question)
for one conversation, so it survives between messages and across processes."""

from django.db import models


class AssistantSession(models.Model):
    # "conversation:42" for a WhatsApp conversation, "try:7:abc" for the owner's test panel.
    key = models.CharField("clé", max_length=120, unique=True)
    state = models.JSONField("état", default=dict, blank=True)
    # The last input handled and what the engine answered to it: a task that runs again for the
    # same customer message (a worker died before the replies were recorded) gets the same answer
    # instead of moving the dialogue one step further.
    last_input = models.CharField("dernière entrée traitée", max_length=120, blank=True)
    last_turn = models.JSONField("dernière réponse", default=dict, blank=True)
    created_at = models.DateTimeField("créée le", auto_now_add=True)
    updated_at = models.DateTimeField("mise à jour le", auto_now=True)

    class Meta:
        verbose_name = "session de l'assistant"
        verbose_name_plural = "sessions de l'assistant"

    def __str__(self) -> str:
        return self.key
