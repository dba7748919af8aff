from django.contrib import admin

from .models import AftersalesSettings, Rating, RatingRequest, TrackingLink


@admin.register(TrackingLink)
class TrackingLinkAdmin(admin.ModelAdmin):
    list_display = ["order", "created_at", "expires_at", "last_viewed_at"]
    readonly_fields = ["order", "token_hash", "created_at", "last_viewed_at"]
    search_fields = ["order__reference"]


@admin.register(AftersalesSettings)
class AftersalesSettingsAdmin(admin.ModelAdmin):
    list_display = ["owner", "show_driver_phone", "updated_at"]
    raw_id_fields = ["owner"]


@admin.register(RatingRequest)
class RatingRequestAdmin(admin.ModelAdmin):
    list_display = ["order", "status", "notice", "sent_at", "answered_at"]
    list_filter = ["status"]
    raw_id_fields = ["order", "owner", "conversation", "request_message", "answer_message"]
    search_fields = ["order__reference"]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["order", "score", "driver", "complaint", "handed_off", "created_at"]
    list_filter = ["score", "complaint", "handed_off"]
    raw_id_fields = ["order", "owner", "driver"]
    search_fields = ["order__reference", "comment"]
