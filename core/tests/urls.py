"""A URLconf for exercising the API error handler with every kind of failure."""

from django.urls import path
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.exceptions import ApplicationError


class EchoSerializer(serializers.Serializer):
    nom = serializers.CharField(
        min_length=2, error_messages={"min_length": "Le nom doit contenir au moins 2 caractères"}
    )
    age = serializers.IntegerField()


class EchoApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    def post(self, request):
        serializer = EchoSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(serializer.validated_data)


class PrivateApi(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request):
        return Response({})


class BoomApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    def get(self, request):
        raise RuntimeError("secret internal detail")


class BusinessApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    def get(self, request):
        raise ApplicationError("Limite atteinte.", code="plan_limit_reached", status_code=403)


class ThrottledApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    def get(self, request):
        raise exceptions.Throttled(wait=42)


urlpatterns = [
    path("api/v1/echo", EchoApi.as_view()),
    path("api/v1/private", PrivateApi.as_view()),
    path("api/v1/boom", BoomApi.as_view()),
    path("api/v1/business", BusinessApi.as_view()),
    path("api/v1/throttled", ThrottledApi.as_view()),
]
