from django.urls import path

from . import apis

# Included at the API root: /api/v1/conversations, /api/v1/conversations/<id>/messages, ...
urlpatterns = [
    path("conversations", apis.ConversationListApi.as_view(), name="conversations"),
    path("conversations/<int:conversation_id>", apis.ConversationDetailApi.as_view(), name="conversation"),
    path(
        "conversations/<int:conversation_id>/templates",
        apis.ConversationTemplateSendApi.as_view(),
        name="conversation-templates",
    ),
    path(
        "conversations/<int:conversation_id>/messages",
        apis.ConversationMessageListApi.as_view(),
        name="conversation-messages",
    ),
    path(
        "conversations/<int:conversation_id>/messages/<int:message_id>/rating",
        apis.ChatMessageRateApi.as_view(),
        name="conversation-message-rating",
    ),
    path(
        "conversations/<int:conversation_id>/messages/<int:message_id>/media",
        apis.ChatMessageMediaApi.as_view(),
        name="conversation-message-media",
    ),
    path("conversations/<int:conversation_id>/read", apis.ConversationMarkReadApi.as_view(), name="conversation-read"),
]
