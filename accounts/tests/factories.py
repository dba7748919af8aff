"""The one user factory of the project (the root conftest's ``owner`` is one of these)."""

from functools import cache

import factory
from django.conf import settings
from django.contrib.auth.hashers import make_password

from accounts.models import User

PASSWORD = "Akwaba2025x"


@cache
def _password_hash_with(hashers: tuple[str, ...]) -> str:
    return make_password(PASSWORD)


def _password_hash() -> str:
    # Argon2 is slow on purpose: hash the shared test password once per hasher setting (a test may
    # switch to a fast hasher), not once per user.
    return _password_hash_with(tuple(settings.PASSWORD_HASHERS))


class UserFactory(factory.django.DjangoModelFactory):
    """A verified business owner on the gratuit plan, who can log in with ``PASSWORD``."""

    class Meta:
        model = User
        skip_postgeneration_save = True

    prenom = "Awa"
    nom = "Koné"
    adresse_email = factory.Sequence(lambda n: f"awa{n}@example.ci")
    numero_telephone = "+2250701020304"
    pays = "Côte d'Ivoire"
    nom_entreprise = "Boutique Akwaba"
    secteur_activite = "Commerce"
    compte_verifie = True
    otp_verified = True
    password = factory.LazyFunction(_password_hash)


class UnverifiedUserFactory(UserFactory):
    compte_verifie = False
    otp_verified = False


class StaffFactory(UserFactory):
    """A superuser of the team, for admin pages."""

    adresse_email = factory.Sequence(lambda n: f"equipe{n}@fluxia.ci")
    is_staff = True
    is_superuser = True
