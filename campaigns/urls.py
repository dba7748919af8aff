from django.urls import path

from .apis import (
    CampaignCancelApi,
    CampaignDetailApi,
    CampaignListCreateApi,
    CampaignOptionsApi,
    CampaignPreviewApi,
    CampaignRecipientsApi,
    CampaignSettingsApi,
    CampaignTemplatesApi,
)

urlpatterns = [
    path("", CampaignListCreateApi.as_view(), name="campaigns"),
    path("preview", CampaignPreviewApi.as_view(), name="campaigns-preview"),
    path("templates", CampaignTemplatesApi.as_view(), name="campaigns-templates"),
    path("options", CampaignOptionsApi.as_view(), name="campaigns-options"),
    path("settings", CampaignSettingsApi.as_view(), name="campaigns-settings"),
    path("<int:campaign_id>", CampaignDetailApi.as_view(), name="campaigns-detail"),
    path("<int:campaign_id>/recipients", CampaignRecipientsApi.as_view(), name="campaigns-recipients"),
    path("<int:campaign_id>/cancel", CampaignCancelApi.as_view(), name="campaigns-cancel"),
]
