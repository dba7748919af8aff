"""manage.py set_plan <email> <code> [--status actif]: change an account's plan (and status).

The change goes through services.user_plan_set with source "command", so it is recorded in the
plan change history like an admin change.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.exceptions import ApplicationError
from subscriptions.services import user_plan_set

MSG_NO_ACCOUNT = "Aucun compte avec l'adresse email « {email} »."
MSG_DONE = "Plan de {email} : {from_plan} ({from_status}) → {to_plan} ({to_status})."
MSG_UNCHANGED = "Aucun changement : {email} a déjà le plan {plan} ({status})."


class Command(BaseCommand):
    help = "Change le plan d'abonnement (et éventuellement le statut) d'un compte, avec historique."

    def add_arguments(self, parser):
        parser.add_argument("email", help="Adresse email du compte.")
        parser.add_argument("code", help="Code du plan : gratuit, starter, pro, entreprise…")
        parser.add_argument(
            "--status",
            dest="status",
            default=None,
            help="Nouveau statut d'abonnement : inactif, essai, actif, suspendu, expire.",
        )

    def handle(self, *args, email, code, status=None, **options):
        User = get_user_model()
        user = User.objects.filter(adresse_email__iexact=email.strip()).first()
        if user is None:
            raise CommandError(MSG_NO_ACCOUNT.format(email=email))
        before = (user.plan_abonnement, user.statut_abonnement)
        try:
            user_plan_set(user=user, plan_code=code, status=status, source="command")
        except ApplicationError as error:
            raise CommandError(error.message) from error
        after = (user.plan_abonnement, user.statut_abonnement)
        if before == after:
            self.stdout.write(MSG_UNCHANGED.format(email=user.adresse_email, plan=after[0], status=after[1]))
            return
        self.stdout.write(
            self.style.SUCCESS(
                MSG_DONE.format(
                    email=user.adresse_email,
                    from_plan=before[0],
                    from_status=before[1],
                    to_plan=after[0],
                    to_status=after[1],
                )
            )
        )
