import factory

from accounts.models import User


class UserFactory(factory.django.DjangoModelFactory):
    """A verified business owner; ``plan_abonnement`` defaults to gratuit like a new account."""

    class Meta:
        model = User
        skip_postgeneration_save = True

    prenom = factory.Faker("first_name", locale="fr_FR")
    nom = factory.Faker("last_name", locale="fr_FR")
    adresse_email = factory.Sequence(lambda n: f"owner{n}@example.ci")
    compte_verifie = True
    otp_verified = True
    password = factory.django.Password("Motdepasse1")
