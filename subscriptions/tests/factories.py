import factory
from django.contrib.auth import get_user_model


class UserFactory(factory.django.DjangoModelFactory):
    """A verified account on the gratuit plan. No password (tests log in with force_login)."""

    class Meta:
        model = get_user_model()

    prenom = "Awa"
    nom = "Koné"
    adresse_email = factory.Sequence(lambda n: f"client{n}@exemple.ci")
    plan_abonnement = "gratuit"
    compte_verifie = True
    otp_verified = True

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        return model_class.objects.create_user(*args, password=kwargs.pop("password", None), **kwargs)


class StaffFactory(UserFactory):
    adresse_email = factory.Sequence(lambda n: f"equipe{n}@fluxia.ci")
    is_staff = True
    is_superuser = True
