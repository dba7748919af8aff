"""DRF permission classes that gate an API on the account's plan.

They read the plan row's permission flags, the same data GET /auth/me reports, so the dashboard's
sidebar and the API always agree, and staff changes in the admin apply to both:

- ``RequiresPlanPro``: the plan grants ``can_access_analytics`` (pro and entreprise by default);
- ``RequiresPlanEntreprise``: the plan grants ``can_use_advanced_features`` (entreprise only).

Failures: an anonymous request gets DRF's 401 ``not_authenticated``; an account whose plan lacks
the flag gets 403 in the error shape with ``error: "permission_denied"`` (config/exceptions.py maps
every PermissionDenied to that code and keeps the French ``message`` set here), for example
"Cette fonctionnalité nécessite le plan Pro Business ou supérieur."
"""

from rest_framework.permissions import BasePermission

from .models import Plan
from .selectors import plan_for

MSG_PLAN_REQUIRED = "Cette fonctionnalité nécessite le plan {plan} ou supérieur."
MSG_PLAN_RESERVED = "Cette fonctionnalité est réservée au plan {plan}."
MSG_PLAN_UNAVAILABLE = "Cette fonctionnalité n'est disponible avec aucun plan actuellement."


class RequiresPlanFlag(BasePermission):
    """Passes when the account's plan row has ``flag`` set."""

    flag: str = ""
    message = "Votre plan d'abonnement ne donne pas accès à cette fonctionnalité."
    code = "permission_denied"

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated):
            return False
        plan = plan_for(user)
        # Kept on the request: a view that also needs the plan's other flags reads it without a query.
        request.account_plan = plan
        if getattr(plan, self.flag):
            return True
        self.message = self.denied_message()
        return False

    def denied_message(self) -> str:
        """Name the smallest plan that grants the flag, from the catalogue rows."""
        granting = list(Plan.objects.filter(**{self.flag: True}).order_by("rank", "code"))
        if not granting:
            return MSG_PLAN_UNAVAILABLE
        if len(granting) == 1:
            return MSG_PLAN_RESERVED.format(plan=granting[0].name)
        return MSG_PLAN_REQUIRED.format(plan=granting[0].name)


class RequiresPlanPro(RequiresPlanFlag):
    """Plans with analytics access: pro and entreprise."""

    flag = "can_access_analytics"
    message = "Cette fonctionnalité nécessite le plan Pro ou supérieur."


class RequiresPlanEntreprise(RequiresPlanFlag):
    """Plans with the advanced features: entreprise only."""

    flag = "can_use_advanced_features"
    message = "Cette fonctionnalité est réservée au plan Entreprise."
