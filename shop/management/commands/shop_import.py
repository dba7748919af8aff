"""manage.py shop_import --email E FILE.json: replace an account's whole shop with a document file.

The same validation as PUT /api/v1/shop (every section present, no unknown key): a refused file
prints its French errors by path on stderr, exits with status 1 and changes nothing. The replaced
shop is kept in the account's history (source ``import``).
"""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.exceptions import ApplicationError
from shop.models import ShopVersion
from shop.services import shop_document_replace


class Command(BaseCommand):
    help = "Remplace toute la boutique d'un compte par un document JSON (forme de DESIGN.md)."

    def add_arguments(self, parser):
        parser.add_argument("--email", required=True, help="adresse e-mail du compte")
        parser.add_argument("file", help="fichier JSON du document de la boutique")

    def handle(self, *args, email: str, file: str, **options):
        user = get_user_model().objects.filter(adresse_email__iexact=email).first()
        if user is None:
            raise CommandError(f"Aucun compte avec l'adresse {email}.")
        try:
            with open(file, encoding="utf-8") as handle:
                document = json.load(handle)
        except OSError as error:
            raise CommandError(f"Impossible de lire {file} : {error.strerror}.") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise CommandError(f"{file} n'est pas un JSON valide : {error}.") from None
        try:
            clean = shop_document_replace(user=user, document=document, source=ShopVersion.Source.IMPORT)
        except ApplicationError as error:
            lines = [f"  {path} : {' '.join(messages)}" for path, messages in (error.errors or {}).items()]
            raise CommandError("\n".join([f"{file} refusé, rien n'a été modifié : {error.message}", *lines])) from None
        self.stdout.write(
            f"Boutique « {clean['name']} » importée pour {user.adresse_email} : "
            f"{len(clean['products'])} produits, {len(clean['delivery_zones'])} zones, {len(clean['faq'])} questions."
        )
