"""manage.py shop_export --email E: print an account's shop document (UTF-8 JSON, indent 2)."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from shop.document import thaw
from shop.selectors import shop_knowledge


class Command(BaseCommand):
    help = "Affiche le document JSON de la boutique d'un compte (le même que GET /api/v1/shop)."

    def add_arguments(self, parser):
        parser.add_argument("--email", required=True, help="adresse e-mail du compte")

    def handle(self, *args, email: str, **options):
        user = get_user_model().objects.filter(adresse_email__iexact=email).first()
        if user is None:
            raise CommandError(f"Aucun compte avec l'adresse {email}.")
        document = thaw(shop_knowledge(user=user).document)
        self.stdout.write(json.dumps(document, ensure_ascii=False, indent=2))
