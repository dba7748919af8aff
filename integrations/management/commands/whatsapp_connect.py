"""Connect an account's WhatsApp number directly (staff and developers), without the dashboard's
Facebook flow: ``manage.py whatsapp_connect --email E --phone-number-id P --waba-id W --token T``.

It goes through the same ``number_connect`` as the dashboard's manual set-up: unless ``--no-check``,
the number and the WhatsApp Business account are checked on the Graph API (the token must open
both, the number must belong to the account), the app is subscribed to the account, and the display
number and verified name are recorded. The token is stored encrypted and never printed.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from integrations.services import manual_setup_error
from integrations.whatsapp.services import NumberSetupFailed, number_connect


class Command(BaseCommand):
    help = "Connecte directement le numéro WhatsApp d'un compte (jeton du System User Meta)."

    def add_arguments(self, parser):
        parser.add_argument("--email", required=True)
        parser.add_argument("--phone-number-id", required=True)
        parser.add_argument("--waba-id", required=True)
        parser.add_argument("--token", required=True)
        parser.add_argument(
            "--app-secret", default="", help="Clé secrète de l'application Meta qui signe les webhooks de ce numéro."
        )
        parser.add_argument("--no-check", action="store_true", help="Ne pas vérifier le numéro sur l'API Graph.")

    def handle(self, *args, email, phone_number_id, waba_id, token, app_secret, no_check, **options):
        for label, value in (("--phone-number-id", phone_number_id), ("--waba-id", waba_id)):
            if not value.isdigit():
                raise CommandError(f"{label} doit contenir uniquement des chiffres.")
        user = get_user_model().objects.filter(adresse_email__iexact=email.strip()).first()
        if user is None:
            raise CommandError(f"Aucun compte avec l'adresse {email}.")
        try:
            connection = number_connect(
                user=user,
                token=token,
                waba_id=waba_id,
                phone_number_id=phone_number_id,
                app_secret=app_secret.strip().lower(),
                check=not no_check,
            )
        except NumberSetupFailed as failure:
            error = manual_setup_error(failure)
            raise CommandError(f"{error.message} (Meta : {failure.error}, code {failure.error.code}).") from None
        shown = connection.display_phone_number or phone_number_id
        name = connection.verified_name or "nom non vérifié"
        self.stdout.write(self.style.SUCCESS(f"WhatsApp connecté pour {user.adresse_email} : {shown} ({name})."))
