"""Connect an account's WhatsApp number directly (staff and developers), without the dashboard's
Facebook flow: ``manage.py whatsapp_connect --email E --phone-number-id P --waba-id W --token T``.

Unless ``--no-check``, the number is read on the Graph API first (the token must open it), which
also records its display number and verified name. The token is stored encrypted and never printed.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from integrations.models import CredentialType
from integrations.whatsapp import client
from integrations.whatsapp.services import connection_record


class Command(BaseCommand):
    help = "Connecte directement le numéro WhatsApp d'un compte (jeton du System User Meta)."

    def add_arguments(self, parser):
        parser.add_argument("--email", required=True)
        parser.add_argument("--phone-number-id", required=True)
        parser.add_argument("--waba-id", required=True)
        parser.add_argument("--token", required=True)
        parser.add_argument("--no-check", action="store_true", help="Ne pas vérifier le numéro sur l'API Graph.")

    def handle(self, *args, email, phone_number_id, waba_id, token, no_check, **options):
        for label, value in (("--phone-number-id", phone_number_id), ("--waba-id", waba_id)):
            if not value.isdigit():
                raise CommandError(f"{label} doit contenir uniquement des chiffres.")
        user = get_user_model().objects.filter(adresse_email__iexact=email.strip()).first()
        if user is None:
            raise CommandError(f"Aucun compte avec l'adresse {email}.")
        number = {}
        if not no_check:
            try:
                number = client.number_get(phone_number_id=phone_number_id, token=token)
            except client.GraphError as exc:
                raise CommandError(f"L'API Graph refuse ce numéro ou ce jeton : {exc} (code {exc.code}).") from None
        connection_record(
            user=user,
            token=token,
            credential_type=CredentialType.ACCESS_TOKEN,
            waba_id=waba_id,
            phone_number_id=phone_number_id,
            **number,
        )
        shown = number.get("display_phone_number") or phone_number_id
        name = number.get("verified_name") or "nom non vérifié"
        self.stdout.write(self.style.SUCCESS(f"WhatsApp connecté pour {user.adresse_email} : {shown} ({name})."))
