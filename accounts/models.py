"""The account of a business owner. Field names are the spec's French ones (SPEC.md section 3)."""

import uuid
from pathlib import PurePath

from django.contrib.auth.models import AbstractBaseUser, PermissionsMixin
from django.db import models
from django.db.models.functions import Lower
from phonenumber_field.modelfields import PhoneNumberField

from .managers import UserManager


def profile_photo_path(instance, filename: str) -> str:
    """Server-generated names only: the uploaded name never reaches the file system."""
    suffix = PurePath(filename).suffix.lower() or ".jpg"
    return f"profiles/{uuid.uuid4().hex}{suffix}"


class User(AbstractBaseUser, PermissionsMixin):
    class SubscriptionStatus(models.TextChoices):
        INACTIF = "inactif", "Inactif"
        ESSAI = "essai", "Essai"
        ACTIF = "actif", "Actif"
        SUSPENDU = "suspendu", "Suspendu"
        EXPIRE = "expire", "Expiré"

    prenom = models.CharField("prénom", max_length=50)
    nom = models.CharField("nom", max_length=50)
    adresse_email = models.EmailField("adresse email", max_length=254, unique=True)
    numero_telephone = PhoneNumberField("numéro de téléphone", blank=True)
    pays = models.CharField("pays", max_length=100, blank=True)
    nom_entreprise = models.CharField("nom de l'entreprise", max_length=150, blank=True)
    secteur_activite = models.CharField("secteur d'activité", max_length=100, blank=True)
    plan_abonnement = models.CharField("plan d'abonnement", max_length=20, default="gratuit", db_index=True)
    statut_abonnement = models.CharField(
        "statut de l'abonnement",
        max_length=20,
        choices=SubscriptionStatus.choices,
        default=SubscriptionStatus.INACTIF,
    )
    compte_verifie = models.BooleanField("compte vérifié", default=False)
    otp_verified = models.BooleanField("code OTP vérifié", default=False)
    photo_profil = models.ImageField("photo de profil", upload_to=profile_photo_path, blank=True)
    whatsapp = models.CharField("WhatsApp", max_length=32, blank=True)
    adresse = models.CharField("adresse", max_length=255, blank=True)
    is_active = models.BooleanField("actif", default=True)
    is_staff = models.BooleanField("équipe", default=False)
    date_creation = models.DateTimeField("date de création", auto_now_add=True)
    date_modification = models.DateTimeField("date de modification", auto_now=True)

    objects = UserManager()

    USERNAME_FIELD = "adresse_email"
    EMAIL_FIELD = "adresse_email"
    REQUIRED_FIELDS = ["prenom", "nom"]

    class Meta:
        verbose_name = "utilisateur"
        verbose_name_plural = "utilisateurs"
        ordering = ["-date_creation"]
        constraints = [
            models.UniqueConstraint(Lower("adresse_email"), name="accounts_user_email_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.adresse_email

    @property
    def full_name(self) -> str:
        return f"{self.prenom} {self.nom}".strip()

    def get_full_name(self) -> str:
        return self.full_name

    def get_short_name(self) -> str:
        return self.prenom
