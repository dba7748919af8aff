from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from . import services
from .models import OneTimeCode, User


class OneTimeCodeInline(admin.TabularInline):
    """Codes are listed for support, never their hash, and cannot be created or edited here."""

    model = OneTimeCode
    fields = ["purpose", "channel", "created_at", "expires_at", "attempts", "used_at", "revoked_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False
    ordering = ["-created_at"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["-date_creation"]
    list_display = [
        "adresse_email",
        "prenom",
        "nom",
        "nom_entreprise",
        "plan_abonnement",
        "compte_verifie",
        "date_creation",
    ]
    list_filter = ["plan_abonnement", "compte_verifie", "otp_verified", "statut_abonnement", "is_staff", "is_active"]
    search_fields = ["adresse_email", "numero_telephone", "nom_entreprise", "nom", "prenom"]
    readonly_fields = ["date_creation", "date_modification", "last_login", "otp_failures"]
    inlines = [OneTimeCodeInline]
    actions = ["resend_code", "mark_verified", "unlock_codes"]
    fieldsets = [
        (None, {"fields": ["adresse_email", "password"]}),
        ("Identité", {"fields": ["prenom", "nom", "numero_telephone", "whatsapp", "pays", "adresse", "photo_profil"]}),
        ("Entreprise", {"fields": ["nom_entreprise", "secteur_activite"]}),
        ("Abonnement", {"fields": ["plan_abonnement", "statut_abonnement"]}),
        ("Vérification", {"fields": ["compte_verifie", "otp_verified", "otp_failures"]}),
        ("Permissions", {"fields": ["is_active", "is_staff", "is_superuser", "groups", "user_permissions"]}),
        ("Dates", {"fields": ["last_login", "date_creation", "date_modification"]}),
    ]
    add_fieldsets = [
        (None, {"classes": ["wide"], "fields": ["adresse_email", "prenom", "nom", "password1", "password2"]}),
    ]

    def get_inline_instances(self, request, obj=None):
        # A new account has no codes yet: the add page shows only the creation form.
        return super().get_inline_instances(request, obj) if obj is not None else []

    @admin.action(description="Renvoyer un code de vérification")
    def resend_code(self, request, queryset):
        sent = 0
        for user in queryset.filter(compte_verifie=False, is_active=True):
            services.one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
            sent += 1
        self.message_user(request, f"Code envoyé à {sent} compte(s) non vérifié(s).", messages.SUCCESS)

    @admin.action(description="Marquer comme vérifié")
    def mark_verified(self, request, queryset):
        for user in queryset:
            services.user_mark_verified(user=user)
        self.message_user(request, f"{queryset.count()} compte(s) marqué(s) comme vérifié(s).", messages.SUCCESS)

    @admin.action(description="Débloquer les codes")
    def unlock_codes(self, request, queryset):
        for user in queryset:
            services.user_codes_unlock(user=user)
        self.message_user(request, f"Codes débloqués pour {queryset.count()} compte(s).", messages.SUCCESS)


@admin.register(OneTimeCode)
class OneTimeCodeAdmin(admin.ModelAdmin):
    list_display = ["user", "purpose", "channel", "created_at", "expires_at", "attempts", "used_at", "revoked_at"]
    list_filter = ["purpose", "channel"]
    search_fields = ["user__adresse_email", "user__numero_telephone"]
    fields = list_display
    readonly_fields = list_display

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
