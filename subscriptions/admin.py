"""Staff tools: edit the plan catalogue, read the history of plan changes, see (and correct) the
monthly conversation counters. An account's own plan is changed in the user admin: this app extends
the accounts app's user admin so that the change goes through services.user_plan_set and is recorded
(accounts, which this app builds on, knows nothing of plans)."""

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserChangeForm

from accounts.admin import UserAdmin as AccountUserAdmin

from .models import DEFAULT_PLAN_CODE, DEFAULT_PLANS, ConversationUsage, Plan, PlanChange
from .selectors import plan_get, price_label
from .services import user_plan_set

MSG_FORM_UNKNOWN_PLAN = "Plan d'abonnement inconnu : « {code} »."

DEFAULT_CODES = frozenset(row["code"] for row in DEFAULT_PLANS)


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    list_display = [
        "code",
        "name",
        "rank",
        "price_display",
        "conversation_limit",
        "can_access_analytics",
        "can_access_predictions",
        "can_use_advanced_features",
        "accounts",
    ]
    ordering = ["rank", "code"]
    fields = [
        "code",
        "name",
        "rank",
        "price_fcfa",
        "conversation_limit",
        "can_access_analytics",
        "can_access_predictions",
        "can_use_advanced_features",
    ]

    @admin.display(description="prix")
    def price_display(self, plan: Plan) -> str:
        return price_label(plan.price_fcfa)

    @admin.display(description="comptes")
    def accounts(self, plan: Plan) -> int:
        return get_user_model().objects.filter(plan_abonnement=plan.code).count()

    def get_readonly_fields(self, request, obj=None):
        # Accounts hold the code: renaming it would silently move them to the fallback plan.
        return ["code"] if obj is not None else []

    def has_delete_permission(self, request, obj=None):
        # The default plans (and any plan an account holds) stay; the gratuit row is the fallback.
        if obj is not None and (
            obj.code in DEFAULT_CODES
            or obj.code == DEFAULT_PLAN_CODE
            or get_user_model().objects.filter(plan_abonnement=obj.code).exists()
        ):
            return False
        return super().has_delete_permission(request, obj)


@admin.register(PlanChange)
class PlanChangeAdmin(admin.ModelAdmin):
    """The record of every plan or status change: read-only, filterable."""

    list_display = ["changed_at", "user", "from_plan", "to_plan", "from_status", "to_status", "source", "changed_by"]
    list_filter = ["source", "to_plan", "from_plan", "to_status", "changed_at"]
    search_fields = ["user__adresse_email", "changed_by__adresse_email"]
    list_select_related = ["user", "changed_by"]
    date_hierarchy = "changed_at"
    ordering = ["-changed_at", "-id"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ConversationUsage)
class ConversationUsageAdmin(admin.ModelAdmin):
    """Monthly counters. Staff may correct a count (a support gesture); rows are created by usage."""

    list_display = ["user", "month", "count", "updated_at"]
    list_filter = ["month"]
    search_fields = ["user__adresse_email"]
    list_select_related = ["user"]
    readonly_fields = ["user", "month", "updated_at"]
    fields = ["user", "month", "count", "updated_at"]
    ordering = ["-month", "user__adresse_email"]

    def has_add_permission(self, request):
        return False


class AccountChangeForm(UserChangeForm):
    class Meta(UserChangeForm.Meta):
        model = get_user_model()
        fields = "__all__"

    def clean_plan_abonnement(self):
        """An unknown plan code is a form error, not a failure after saving."""
        code = (self.cleaned_data.get("plan_abonnement") or "").strip()
        if plan_get(code) is None:
            raise forms.ValidationError(MSG_FORM_UNKNOWN_PLAN.format(code=code))
        return code


class AccountWithPlanAdmin(AccountUserAdmin):
    form = AccountChangeForm

    def save_model(self, request, obj, form, change):
        """Plan changes go through user_plan_set, which validates and records them: the other
        fields are saved with the plan the account had, then the service moves it to the new one."""
        plan_fields = {"plan_abonnement", "statut_abonnement"}
        if not (change and plan_fields & set(form.changed_data)):
            super().save_model(request, obj, form, change)
            return
        plan_code, plan_status = obj.plan_abonnement, obj.statut_abonnement
        previous = type(obj).objects.values_list("plan_abonnement", "statut_abonnement").get(pk=obj.pk)
        obj.plan_abonnement, obj.statut_abonnement = previous
        super().save_model(request, obj, form, change)
        user_plan_set(user=obj, plan_code=plan_code, status=plan_status, changed_by=request.user, source="admin")


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), AccountWithPlanAdmin)
