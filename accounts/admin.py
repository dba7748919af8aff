from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["-date_creation"]
    list_display = ["adresse_email", "prenom", "nom", "nom_entreprise", "plan_abonnement", "compte_verifie", "date_creation"]
    list_filter = ["plan_abonnement", "compte_verifie", "statut_abonnement", "is_staff", "is_active"]
    search_fields = ["adresse_email", "numero_telephone", "nom_entreprise", "nom", "prenom"]
    readonly_fields = ["date_creation", "date_modification", "last_login"]
    fieldsets = [
        (None, {"fields": ["adresse_email", "password"]}),
        ("Identité", {"fields": ["prenom", "nom", "numero_telephone", "whatsapp", "pays", "adresse", "photo_profil"]}),
        ("Entreprise", {"fields": ["nom_entreprise", "secteur_activite"]}),
        ("Abonnement", {"fields": ["plan_abonnement", "statut_abonnement"]}),
        ("Vérification", {"fields": ["compte_verifie", "otp_verified"]}),
        ("Permissions", {"fields": ["is_active", "is_staff", "is_superuser", "groups", "user_permissions"]}),
        ("Dates", {"fields": ["last_login", "date_creation", "date_modification"]}),
    ]
    add_fieldsets = [
        (None, {"classes": ["wide"], "fields": ["adresse_email", "prenom", "nom", "password1", "password2"]}),
    ]
