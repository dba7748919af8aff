"""The /api/v1/auth endpoints (DESIGN.md's table): parse input, call one service, shape the answer."""

import math

from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.parsers import JsonParser

from . import serializers as s
from . import services, throttles
from .selectors import user_account_overview, verification_code_expiry

TAG = "auth"


def _errors(*codes: int) -> dict:
    descriptions = {
        400: "Données invalides (forme d'erreur commune, `errors` par champ)",
        401: "Non authentifié ou identifiants incorrects",
        403: "Accès refusé",
        409: "Conflit",
        413: "Requête trop volumineuse",
        415: "Type de contenu non pris en charge",
        429: "Trop de tentatives (en-tête Retry-After)",
    }
    return {code: OpenApiResponse(s.ErrorSerializer, description=descriptions[code]) for code in codes}


class PublicApi(APIView):
    """An endpoint anyone may call: a stale Bearer header must not turn it into a 401."""

    authentication_classes: list = []
    permission_classes = [AllowAny]


def _expiry(expires_at) -> dict:
    """``expires_at`` and the whole seconds left until it (the answer's own clock, not the device's)."""
    if expires_at is None:
        return {"expires_at": None, "expires_in": None}
    return {"expires_at": expires_at, "expires_in": max(0, math.ceil((expires_at - timezone.now()).total_seconds()))}


def _user_data(request, user) -> dict:
    return s.UserOutputSerializer(user, context={"request": request}).data


class UserRegisterApi(PublicApi):
    parser_classes = [JsonParser, MultiPartParser, FormParser]

    @extend_schema(
        tags=[TAG],
        operation_id="auth_register",
        request={
            "application/json": s.RegisterInputSerializer,
            "multipart/form-data": s.RegisterInputSerializer,
        },
        responses={201: s.RegisterOutputSerializer, **_errors(400, 409, 413, 415, 429)},
    )
    def post(self, request):
        throttles.hit_or_raise(throttles.REGISTRATIONS_PER_IP, throttles.subject_key(throttles.client_ip(request)))
        serializer = s.RegisterInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = services.user_register(**serializer.validated_data)
        body = {
            "message": services.MSG_REGISTERED,
            "user": _user_data(request, user),
            "otp_sent": True,
            **_expiry(verification_code_expiry(user=user)),
        }
        return Response(body, status=status.HTTP_201_CREATED)


class UserQuickRegisterApi(PublicApi):
    @extend_schema(
        tags=[TAG],
        operation_id="auth_quick_register",
        request=s.QuickRegisterInputSerializer,
        responses={201: s.QuickRegisterOutputSerializer, **_errors(400, 409, 415, 429)},
    )
    def post(self, request):
        throttles.hit_or_raise(throttles.REGISTRATIONS_PER_IP, throttles.subject_key(throttles.client_ip(request)))
        serializer = s.QuickRegisterInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        user = services.user_quick_register(**data)
        message = services.MSG_REGISTERED if data["type"] == "email" else services.MSG_REGISTERED_BY_PHONE
        body = {"message": message, "otp_sent": True, **_expiry(verification_code_expiry(user=user))}
        return Response(body, status=status.HTTP_201_CREATED)


class OtpVerifyApi(PublicApi):
    @extend_schema(
        tags=[TAG],
        operation_id="auth_verify_otp",
        request=s.VerifyOtpInputSerializer,
        responses={200: s.MessageUserOutputSerializer, **_errors(400, 403, 415, 429)},
    )
    def post(self, request):
        serializer = s.VerifyOtpInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = services.user_verify(**serializer.validated_data)
        return Response({"message": services.MSG_VERIFIED, "user": _user_data(request, user)})


class OtpResendApi(PublicApi):
    @extend_schema(
        tags=[TAG],
        operation_id="auth_resend_otp",
        request=s.ResendOtpInputSerializer,
        responses={200: s.ResendOutputSerializer, **_errors(400, 415, 429)},
    )
    def post(self, request):
        serializer = s.ResendOtpInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        expires_at = services.verification_code_resend(**serializer.validated_data)
        return Response({"message": services.MSG_RESENT, **_expiry(expires_at)})


class UserLoginApi(PublicApi):
    @extend_schema(
        tags=[TAG],
        operation_id="auth_login",
        request=s.LoginInputSerializer,
        responses={200: s.LoginOutputSerializer, **_errors(400, 401, 403, 415, 429)},
    )
    def post(self, request):
        serializer = s.LoginInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = services.user_login(request=request, **serializer.validated_data)
        return Response(
            {
                "user": _user_data(request, result["user"]),
                "access_token": result["access_token"],
                "refresh_token": result["refresh_token"],
            }
        )


class UserMeApi(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JsonParser, MultiPartParser, FormParser]

    def _body(self, request, user) -> dict:
        return {"user": _user_data(request, user), **user_account_overview(user)}

    @extend_schema(tags=[TAG], operation_id="auth_me", responses={200: s.MeOutputSerializer, **_errors(401)})
    def get(self, request):
        return Response(self._body(request, request.user))

    @extend_schema(
        tags=[TAG],
        operation_id="auth_me_update",
        request={
            "application/json": s.ProfileUpdateInputSerializer,
            "multipart/form-data": s.ProfileUpdateInputSerializer,
        },
        responses={200: s.MeOutputSerializer, **_errors(400, 401, 413, 415)},
    )
    def patch(self, request):
        serializer = s.ProfileUpdateInputSerializer(data=request.data, context={"user": request.user})
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        photo = data.pop("photo_profil", None)
        remove = photo is s.REMOVE_PHOTO
        user = services.user_profile_update(
            user=request.user, photo_profil=None if remove else photo, remove_photo=remove, **data
        )
        return Response(self._body(request, user))


class TokenRefreshApi(PublicApi):
    @extend_schema(
        tags=[TAG],
        operation_id="auth_refresh",
        request=s.RefreshInputSerializer,
        responses={200: s.TokenPairOutputSerializer, **_errors(400, 401, 415)},
    )
    def post(self, request):
        serializer = s.RefreshInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(services.token_refresh(**serializer.validated_data))


class UserLogoutApi(PublicApi):
    """Always succeeds: the client forgets its tokens whatever happens (SPEC: fire-and-forget)."""

    @extend_schema(
        tags=[TAG],
        operation_id="auth_logout",
        request=s.LogoutInputSerializer,
        responses={200: s.MessageOutputSerializer, **_errors(400, 415)},
    )
    def post(self, request):
        serializer = s.LogoutInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        header = request.META.get("HTTP_AUTHORIZATION", "")
        access = header[7:].strip() if header[:7].lower() == "bearer " else ""
        services.session_end(access_token=access, refresh_token=serializer.validated_data.get("refresh_token") or "")
        return Response({"message": services.MSG_LOGGED_OUT})


class PasswordForgotApi(PublicApi):
    @extend_schema(
        tags=[TAG],
        operation_id="auth_forgot_password",
        request=s.ForgotPasswordInputSerializer,
        responses={200: s.MessageOutputSerializer, **_errors(400, 415, 429)},
    )
    def post(self, request):
        serializer = s.ForgotPasswordInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        message = services.password_reset_request(**serializer.validated_data)
        return Response({"message": message})


class PasswordResetApi(PublicApi):
    @extend_schema(
        tags=[TAG],
        operation_id="auth_reset_password",
        request=s.ResetPasswordInputSerializer,
        responses={200: s.MessageOutputSerializer, **_errors(400, 403, 415, 429)},
    )
    def post(self, request):
        serializer = s.ResetPasswordInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.password_reset_confirm(**serializer.validated_data)
        return Response({"message": services.MSG_PASSWORD_RESET})
