import factory

from accounts.models import User

PASSWORD = "Akwaba2025x"


class UserFactory(factory.django.DjangoModelFactory):
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
    password = factory.django.Password(PASSWORD)


class UnverifiedUserFactory(UserFactory):
    compte_verifie = False
    otp_verified = False
