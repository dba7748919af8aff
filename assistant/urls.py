from django.urls import path

from . import apis

urlpatterns = [
    path("assistant/try", apis.AssistantTryApi.as_view(), name="assistant-try"),
    path("assistant/llm", apis.AssistantLlmApi.as_view(), name="assistant-llm"),
    path("assistant/transcription", apis.AssistantTranscriptionApi.as_view(), name="assistant-transcription"),
    path("assistant/try/reset", apis.AssistantTryResetApi.as_view(), name="assistant-try-reset"),
]
