from .models import AccountPreferences


def preferences_get(*, user) -> AccountPreferences:
    """The account's preferences, created with the defaults the first time they are read."""
    preferences, _ = AccountPreferences.objects.get_or_create(owner=user)
    return preferences
