"""Reads for the inbox: the folder filters and their counters in one aggregate query, one e-mail,
the mailbox connection's state, and the provider presets."""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from core.exceptions import ApplicationError

from .models import SET_ASIDE, Category, Email, EmailStatus, MailboxConnection

# Folder code -> condition. Newsletters and spam are set aside: they count only in « Mis de côté ».
# "Non lus" is the e-mails whose status is still unread: an e-mail the AI has processed
# (ai_processed) has been summarised and filed, which is what the page shows.
MAIN = ~Q(category__in=SET_ASIDE)
FOLDERS: dict[str, Q] = {
    "tous": MAIN,
    "non_lus": MAIN & Q(status=EmailStatus.UNREAD),
    "urgents": MAIN & Q(priority="high"),
    "commandes": Q(category=Category.COMMANDE),
    "support": Q(category=Category.SUPPORT),
    "partenariats": Q(category=Category.PARTENARIAT),
    "factures": Q(category=Category.FACTURE),
    "livraisons": Q(category=Category.LIVRAISON),
    "autres": Q(category=Category.AUTRE),
    "mis_de_cote": Q(category__in=SET_ASIDE),
}
MSG_UNKNOWN_FOLDER = "Filtre inconnu : utilisez " + ", ".join(list(FOLDERS)[:-1]) + f" ou {list(FOLDERS)[-1]}."


def email_list(*, user, folder: str = "tous") -> QuerySet[Email]:
    if folder not in FOLDERS:
        raise ApplicationError(MSG_UNKNOWN_FOLDER, code="validation_error", errors={"filter": [MSG_UNKNOWN_FOLDER]})
    return Email.objects.filter(FOLDERS[folder], owner=user).order_by("-received_at", "-id")


def email_counters(*, user) -> dict[str, int]:
    """Every folder's count, one query."""
    return Email.objects.filter(owner=user).aggregate(
        **{name: Count("id", filter=condition) for name, condition in FOLDERS.items()}
    )


def email_get(*, user, email_id: int) -> Email:
    """The account's e-mail, or 404 (another account's e-mail does not exist for this one)."""
    return get_object_or_404(Email.objects.select_related("order"), pk=email_id, owner=user)


def email_order_suggestion(*, user, email: Email) -> list[dict]:
    """The mail's order lines with the catalogue's current SKU and price (lines whose product was
    deleted since are dropped)."""
    from catalog.models import Product

    ids = [line.get("product_id") for line in email.order_lines or [] if isinstance(line, dict)]
    products = {p.pk: p for p in Product.objects.filter(owner=user, pk__in=[i for i in ids if isinstance(i, int)])}
    lines = []
    for line in email.order_lines or []:
        product = products.get(line.get("product_id")) if isinstance(line, dict) else None
        if product is None:
            continue
        lines.append(
            {
                "product_id": product.pk,
                "sku": product.sku,
                "name": product.name,
                "unit_price": product.price,
                "quantity": max(int(line.get("quantity") or 1), 1),
            }
        )
    return lines


def mailbox_get(*, user) -> MailboxConnection | None:
    return MailboxConnection.objects.filter(owner=user).first()


@dataclass(frozen=True)
class Preset:
    code: str
    name: str
    host: str
    port: int
    security: str
    help: str


PRESETS: dict[str, Preset] = {
    preset.code: preset
    for preset in [
        Preset(
            "gmail",
            "Gmail",
            "imap.gmail.com",
            993,
            "tls",
            "Activez la validation en deux étapes, puis créez un « mot de passe d'application » "
            "(Compte Google › Sécurité) et collez-le ici : votre mot de passe habituel est refusé.",
        ),
        Preset(
            "outlook",
            "Outlook / Hotmail",
            "outlook.office365.com",
            993,
            "tls",
            "Créez un mot de passe d'application (compte Microsoft › Sécurité › Options de sécurité "
            "avancées). Si Microsoft le refuse, votre compte exige une connexion que Flux IA ne gère pas "
            "encore : transférez vos e-mails vers une boîte Gmail ou celle de votre hébergeur.",
        ),
        Preset(
            "yahoo",
            "Yahoo Mail",
            "imap.mail.yahoo.com",
            993,
            "tls",
            "Dans Yahoo › Sécurité du compte, choisissez « Générer un mot de passe d'application » et collez-le ici.",
        ),
        Preset(
            "autre",
            "Autre (hébergeur, domaine de l'entreprise)",
            "",
            993,
            "tls",
            "Demandez à votre hébergeur le serveur IMAP (souvent mail.votre-domaine.ci ou "
            "imap.votre-domaine.ci), le port (993 en SSL/TLS) et utilisez l'adresse complète comme identifiant.",
        ),
    ]
}
