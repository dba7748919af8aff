"""Stored assistant sessions: the engine's state (cart, last product, language, pending question)
for one conversation, so it survives between messages and across processes."""

from django.conf import settings
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


class AssistantSettings(models.Model):
    """The account's choices for its assistant: the optional language model (« Ma boutique »)."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assistant_settings", verbose_name="compte"
    )
    llm_enabled = models.BooleanField("modèle de langage activé", default=False)
    updated_at = models.DateTimeField("mis à jour le", auto_now=True)

    class Meta:
        verbose_name = "réglages de l'assistant"
        verbose_name_plural = "réglages de l'assistant"

    def __str__(self) -> str:
        return f"{self.owner} — modèle {'activé' if self.llm_enabled else 'désactivé'}"


class LLMUsage(models.Model):
    """One account's language-model use for one day (Abidjan time): replies tried, calls, tokens,
    fallbacks to the engine's reply and the summed latency."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="llm_usage", verbose_name="compte"
    )
    day = models.DateField("jour")
    replies = models.PositiveIntegerField("réponses demandées", default=0)
    calls = models.PositiveIntegerField("appels", default=0)
    prompt_tokens = models.PositiveIntegerField("jetons envoyés", default=0)
    completion_tokens = models.PositiveIntegerField("jetons reçus", default=0)
    fallbacks = models.PositiveIntegerField("réponses du moteur à la place", default=0)
    latency_ms = models.PositiveBigIntegerField("latence cumulée (ms)", default=0)

    class Meta:
        verbose_name = "utilisation du modèle de langage"
        verbose_name_plural = "utilisation du modèle de langage"
        constraints = [models.UniqueConstraint(fields=["owner", "day"], name="assistant_llm_usage_one_per_day")]
        ordering = ["-day"]

    def __str__(self) -> str:
        return f"{self.owner} {self.day}"


class TranscriptionUsage(models.Model):
    """One account's voice-note transcription for one day (Abidjan time): voice notes met, provider
    calls, seconds of audio sent, failures (provider down, slow, refusing), unclear answers, notes
    refused before any call (too long, too large) and the summed latency of the calls."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="transcription_usage", verbose_name="compte"
    )
    day = models.DateField("jour")
    voice_notes = models.PositiveIntegerField("messages vocaux", default=0)
    calls = models.PositiveIntegerField("appels", default=0)
    audio_seconds = models.PositiveIntegerField("secondes d'audio transcrites", default=0)
    failures = models.PositiveIntegerField("échecs", default=0)
    unclear = models.PositiveIntegerField("incompris", default=0)
    refused = models.PositiveIntegerField("refusés (trop longs ou trop lourds)", default=0)
    latency_ms = models.PositiveBigIntegerField("latence cumulée (ms)", default=0)

    class Meta:
        verbose_name = "transcription des messages vocaux"
        verbose_name_plural = "transcription des messages vocaux"
        constraints = [
            models.UniqueConstraint(fields=["owner", "day"], name="assistant_transcription_usage_one_per_day")
        ]
        ordering = ["-day"]

    def __str__(self) -> str:
        return f"{self.owner} {self.day}"
