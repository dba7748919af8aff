"""One row per account: how the AI assistant speaks and which notifications the owner gets.

The row is created with the defaults on first read (``selectors.preferences_get``), so new
accounts need no migration step or signal.
"""

import datetime

from django.conf import settings
from django.db import models


class Language(models.TextChoices):
    FR = "fr", "Français"
    EN = "en", "Anglais"
    NOUCHI = "nouchi", "Nouchi"


class Tone(models.TextChoices):
    PROFESSIONNEL = "professionnel", "Professionnel"
    AMICAL = "amical", "Amical"
    DECONTRACTE = "decontracte", "Décontracté"


class Weekday(models.TextChoices):
    LUNDI = "lundi", "Lundi"
    MARDI = "mardi", "Mardi"
    MERCREDI = "mercredi", "Mercredi"
    JEUDI = "jeudi", "Jeudi"
    VENDREDI = "vendredi", "Vendredi"
    SAMEDI = "samedi", "Samedi"
    DIMANCHE = "dimanche", "Dimanche"


def default_languages() -> list[str]:
    # The product speaks all three (SPEC.md section 1); the owner can narrow it down.
    return [Language.FR, Language.EN, Language.NOUCHI]


def default_opening_days() -> list[str]:
    return [Weekday.LUNDI, Weekday.MARDI, Weekday.MERCREDI, Weekday.JEUDI, Weekday.VENDREDI, Weekday.SAMEDI]


class AccountPreferences(models.Model):
    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences", verbose_name="compte"
    )
    # AI configuration.
    languages = models.JSONField("langues", default=default_languages)
    tone = models.CharField("ton", max_length=20, choices=Tone.choices, default=Tone.PROFESSIONNEL)
    opening_days = models.JSONField("jours d'ouverture", default=default_opening_days)
    opens_at = models.TimeField("ouverture", default=datetime.time(8, 0))
    closes_at = models.TimeField("fermeture", default=datetime.time(20, 0))
    business_description = models.TextField("description de l'activité", max_length=500, blank=True)
    # Notification switches, SPEC.md section 3 defaults.
    new_messages = models.BooleanField("nouveaux messages", default=True)
    ai_alerts = models.BooleanField("alertes IA", default=True)
    delivery_updates = models.BooleanField("suivi des livraisons", default=True)
    weekly_reports = models.BooleanField("rapports hebdomadaires", default=False)
    updated_at = models.DateTimeField("mis à jour", auto_now=True)

    class Meta:
        verbose_name = "préférences du compte"
        verbose_name_plural = "préférences des comptes"

    def __str__(self) -> str:
        return f"Préférences de {self.owner_id}"
