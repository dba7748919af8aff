import factory
from django.contrib.auth.hashers import make_password

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
    # API tests authenticate with force_authenticate: an unusable password skips the slow Argon2 hash.
    password = factory.LazyFunction(lambda: make_password(None))
