"""Staff tools: edit the plan catalogue, read the history of plan changes, see (and correct) the
monthly conversation counters. An account's own plan is changed in the user admin (accounts app),
which records the change through services.user_plan_set."""

from django.contrib import admin
from django.contrib.auth import get_user_model

from .models import DEFAULT_PLAN_CODE, DEFAULT_PLANS, ConversationUsage, Plan, PlanChange
from .selectors import price_label

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
