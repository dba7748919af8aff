from django.contrib.auth.base_user import BaseUserManager


class UserManager(BaseUserManager):
    """Users log in with their e-mail address (``adresse_email``), compared case-insensitively."""

    use_in_migrations = True

    def get_by_natural_key(self, adresse_email):
        return self.get(adresse_email__iexact=adresse_email)

    def _create_user(self, adresse_email, password, **extra_fields):
        if not adresse_email:
            raise ValueError("L'adresse email est obligatoire.")
        adresse_email = self.normalize_email(adresse_email).lower()
        user = self.model(adresse_email=adresse_email, **extra_fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, adresse_email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", False)
        extra_fields.setdefault("is_superuser", False)
        return self._create_user(adresse_email, password, **extra_fields)

    def create_superuser(self, adresse_email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", True)
        extra_fields.setdefault("is_superuser", True)
        extra_fields.setdefault("compte_verifie", True)
        extra_fields.setdefault("otp_verified", True)
        if not extra_fields["is_staff"] or not extra_fields["is_superuser"]:
            raise ValueError("Un superutilisateur doit avoir is_staff et is_superuser.")
        return self._create_user(adresse_email, password, **extra_fields)
