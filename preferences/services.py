from django.db import transaction

from core.exceptions import ApplicationError

from .models import AccountPreferences

MSG_CLOSES_BEFORE_OPENS = "L'heure de fermeture doit être après l'heure d'ouverture."

FIELDS = (
    "languages",
    "tone",
    "opening_days",
    "opens_at",
    "closes_at",
    "business_description",
    "new_messages",
    "ai_alerts",
    "delivery_updates",
    "weekly_reports",
)


def preferences_get_or_create(*, user) -> AccountPreferences:
    """The account's preferences, created with the defaults the first time they are asked for."""
    preferences, _ = AccountPreferences.objects.get_or_create(owner=user)
    return preferences


@transaction.atomic
def preferences_update(*, user, **changes) -> AccountPreferences:
    """Save the given fields (any subset of FIELDS) on the account's preferences."""
    preferences, _ = AccountPreferences.objects.select_for_update().get_or_create(owner=user)
    for name, value in changes.items():
        if name not in FIELDS:
            raise TypeError(f"Unknown preference: {name}")
        setattr(preferences, name, value)
    if preferences.closes_at <= preferences.opens_at:
        raise ApplicationError(
            MSG_CLOSES_BEFORE_OPENS,
            code="validation_error",
            errors={"ai.opening_hours.closes": [MSG_CLOSES_BEFORE_OPENS]},
        )
    preferences.save()
    return preferences
