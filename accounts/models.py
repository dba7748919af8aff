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
    # Null only for accounts created by phone (quick register): they are identified by their number.
    adresse_email = models.EmailField("adresse email", max_length=254, unique=True, null=True, blank=True)
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
    # Consecutive wrong one-time codes, all codes included; at OTP_ACCOUNT_MAX_FAILURES the account's
    # codes are refused until staff unlock them (admin action).
    otp_failures = models.PositiveIntegerField("échecs de code consécutifs", default=0)
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
            # A phone-only account is found by its number, so there is at most one per number.
            models.UniqueConstraint(
                "numero_telephone",
                condition=models.Q(adresse_email__isnull=True),
                name="accounts_user_phone_only_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.adresse_email or str(self.numero_telephone)

    @property
    def full_name(self) -> str:
        return f"{self.prenom} {self.nom}".strip()

    def get_full_name(self) -> str:
        return self.full_name

    def get_short_name(self) -> str:
        return self.prenom


class OneTimeCode(models.Model):
    """A 6-digit code sent to a user, stored only as a keyed hash (never the code itself).

    A code has one purpose, lives ``OTP_VALIDITY_SECONDS``, is used once, dies after
    ``OTP_MAX_ATTEMPTS`` wrong guesses, and is killed when a newer code of the same purpose is issued.
    """

    class Purpose(models.TextChoices):
        VERIFY_ACCOUNT = "verify_account", "Vérification du compte"
        RESET_PASSWORD = "reset_password", "Réinitialisation du mot de passe"

    class Channel(models.TextChoices):
        EMAIL = "email", "E-mail"
        PHONE = "phone", "Téléphone"

    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, related_name="one_time_codes")
    purpose = models.CharField("objet", max_length=20, choices=Purpose.choices)
    channel = models.CharField("canal", max_length=10, choices=Channel.choices, default=Channel.EMAIL)
    code_hash = models.CharField("empreinte du code", max_length=128)
    attempts = models.PositiveSmallIntegerField("essais incorrects", default=0)
    created_at = models.DateTimeField("créé le", auto_now_add=True)
    expires_at = models.DateTimeField("expire le")
    used_at = models.DateTimeField("utilisé le", null=True, blank=True)
    revoked_at = models.DateTimeField("remplacé le", null=True, blank=True)

    class Meta:
        verbose_name = "code à usage unique"
        verbose_name_plural = "codes à usage unique"
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "purpose", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.get_purpose_display()} — {self.user}"
