"""Choice sets several apps share, so that one word means one thing on every page."""

from django.db import models


class Priority(models.TextChoices):
    """How urgent something is for the owner: an e-mail to answer, a delivery to make."""

    HIGH = "high", "Urgent"
    MEDIUM = "medium", "Normal"
    LOW = "low", "Faible"
