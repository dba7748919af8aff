"""Reads for the inbox: the folder filter (Tous, Non lus, Commandes, Support, Partenariats) and
its counters in one aggregate query."""

from django.db.models import Count, Q, QuerySet

from core.exceptions import ApplicationError

from .models import Category, Email, EmailStatus

MSG_UNKNOWN_FOLDER = "Filtre inconnu : utilisez tous, non_lus, commandes, support ou partenariats."

# Folder code -> condition. "Non lus" is the e-mails whose status is still unread: an e-mail the
# AI has processed (ai_processed) has been summarised and filed, which is what the page shows.
FOLDERS: dict[str, Q] = {
    "tous": Q(),
    "non_lus": Q(status=EmailStatus.UNREAD),
    "commandes": Q(category=Category.COMMANDE),
    "support": Q(category=Category.SUPPORT),
    "partenariats": Q(category=Category.PARTENARIAT),
}


def email_list(*, user, folder: str = "tous") -> QuerySet[Email]:
    if folder not in FOLDERS:
        raise ApplicationError(MSG_UNKNOWN_FOLDER, code="validation_error", errors={"filter": [MSG_UNKNOWN_FOLDER]})
    return Email.objects.filter(FOLDERS[folder], owner=user).order_by("-received_at", "-id")


def email_counters(*, user) -> dict[str, int]:
    """Every folder's count, one query."""
    return Email.objects.filter(owner=user).aggregate(
        **{name: Count("id", filter=condition) if condition else Count("id") for name, condition in FOLDERS.items()}
    )


def email_get(*, user, email_id: int) -> Email:
    """The account's e-mail, or 404 (another account's e-mail does not exist for this one)."""
    from django.shortcuts import get_object_or_404

    return get_object_or_404(Email, pk=email_id, owner=user)
