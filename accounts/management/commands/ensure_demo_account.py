"""Create (or refresh) the verified demo account that `make run` prints."""

from django.core.management.base import BaseCommand

from accounts.models import User

DEMO_EMAIL = "demo@flux-ia.ci"
DEMO_PASSWORD = "Akwaba2025"


class Command(BaseCommand):
    help = "Crée le compte de démonstration vérifié et affiche ses identifiants."

    def add_arguments(self, parser):
        parser.add_argument("--email", default=DEMO_EMAIL)
        parser.add_argument("--password", default=DEMO_PASSWORD)

    def handle(self, *args, email, password, **options):
        user, created = User.objects.get_or_create(
            adresse_email=email.lower(),
            defaults={
                "prenom": "Aya",
                "nom": "Koné",
                "pays": "Côte d'Ivoire",
                "numero_telephone": "+2250701020304",
                "nom_entreprise": "Boutique Akwaba",
                "secteur_activite": "Commerce",
                "plan_abonnement": "pro",
                "statut_abonnement": "actif",
                "compte_verifie": True,
                "otp_verified": True,
            },
        )
        if created:
            user.set_password(password)
            user.save(update_fields=["password"])
        self.stdout.write(self.style.SUCCESS(f"Compte de démonstration : {email} / mot de passe : {password}"))
