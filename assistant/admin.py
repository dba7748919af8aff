from django.contrib import admin

from .models import AssistantSession, AssistantSettings, LLMUsage


@admin.register(AssistantSession)
class AssistantSessionAdmin(admin.ModelAdmin):
    list_display = ("key", "updated_at")
    search_fields = ("key",)
    readonly_fields = ("created_at", "updated_at")


@admin.register(AssistantSettings)
class AssistantSettingsAdmin(admin.ModelAdmin):
    list_display = ("owner", "llm_enabled", "updated_at")
    list_filter = ("llm_enabled",)
    search_fields = ("owner__adresse_email", "owner__nom_entreprise")
    raw_id_fields = ("owner",)


@admin.register(LLMUsage)
class LLMUsageAdmin(admin.ModelAdmin):
    """The language model's cost per account and day: calls, tokens, fallbacks to the engine, latency."""

    list_display = ("owner", "day", "replies", "calls", "prompt_tokens", "completion_tokens", "fallbacks", "latency")
    list_filter = ("day",)
    search_fields = ("owner__adresse_email", "owner__nom_entreprise")
    date_hierarchy = "day"
    readonly_fields = (
        "owner",
        "day",
        "replies",
        "calls",
        "prompt_tokens",
        "completion_tokens",
        "fallbacks",
        "latency_ms",
    )

    @admin.display(description="latence moyenne (ms)")
    def latency(self, usage):
        return round(usage.latency_ms / usage.replies) if usage.replies else None

    def has_add_permission(self, request):
        return False
