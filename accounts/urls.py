"""/api/v1/auth/... (DESIGN.md). GET /auth/dashboard is mapped by the dashboard app in config/urls.py."""

from django.urls import path

from . import apis

urlpatterns = [
    path("registers", apis.UserRegisterApi.as_view(), name="auth-register"),
    path("quick-register", apis.UserQuickRegisterApi.as_view(), name="auth-quick-register"),
    path("verify-otp", apis.OtpVerifyApi.as_view(), name="auth-verify-otp"),
    path("resend-otp", apis.OtpResendApi.as_view(), name="auth-resend-otp"),
    path("login", apis.UserLoginApi.as_view(), name="auth-login"),
    path("me", apis.UserMeApi.as_view(), name="auth-me"),
    path("refresh", apis.TokenRefreshApi.as_view(), name="auth-refresh"),
    path("logout", apis.UserLogoutApi.as_view(), name="auth-logout"),
    path("forgot-password", apis.PasswordForgotApi.as_view(), name="auth-forgot-password"),
    path("reset-password", apis.PasswordResetApi.as_view(), name="auth-reset-password"),
]
