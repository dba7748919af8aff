"""The subscription API: GET /api/v1/subscriptions/current (the profile page's subscription card)."""

from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.serializers import InputSerializer, StrictCharField

from .selectors import plan_offers, subscription_card


class SubscriptionCurrentApi(APIView):
    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            # A name of its own in the OpenAPI components (not the generic "Output").
            ref_name = "SubscriptionCard"

        plan = serializers.CharField(help_text="Code du plan : gratuit, starter, pro, entreprise.")
        plan_name = serializers.CharField(help_text="Nom affiché du plan.")
        price = serializers.IntegerField(
            allow_null=True, help_text="Prix mensuel en F CFA ; null quand le prix est « sur devis »."
        )
        price_label = serializers.CharField(
            help_text="Prix formaté en français (espaces insécables) : « 89 355 F CFA », « 0 F CFA » ou « Sur devis »."
        )
        next_billing_date = serializers.DateField(
            allow_null=True,
            help_text=(
                "Prochaine facturation (1er du mois suivant, heure d'Abidjan) pour un plan payant au statut "
                "actif ou essai ; null sinon (plan gratuit, sur devis, ou statut non facturé)."
            ),
        )
        conversations_used = serializers.IntegerField(
            help_text="Nouvelles conversations démarrées ce mois calendaire (heure d'Abidjan)."
        )
        conversation_limit = serializers.IntegerField(help_text="Plafond mensuel du plan ; -1 pour illimité.")
        usage_percent = serializers.IntegerField(
            allow_null=True, help_text="Consommation en pourcentage du plafond (0 à 100) ; null si illimité."
        )
        period_start = serializers.DateField(help_text="Premier jour du mois de consommation en cours.")
        usage_resets_on = serializers.DateField(help_text="Jour où le compteur repart de zéro (1er du mois suivant).")
        status = serializers.CharField(help_text="Statut : inactif, essai, actif, suspendu, expire.")
        status_label = serializers.CharField(help_text="Libellé français du statut.")
        can_access_analytics = serializers.BooleanField()
        can_use_advanced_features = serializers.BooleanField()

    @extend_schema(
        operation_id="subscriptions_current",
        summary="Abonnement de l'utilisateur connecté",
        description=(
            "La carte d'abonnement de la page Profil : plan, prix, prochaine facturation, "
            "conversations utilisées ce mois et plafond, statut."
        ),
        responses={200: OutputSerializer},
        examples=[
            OpenApiExample(
                "Plan pro",
                value={
                    "plan": "pro",
                    "plan_name": "Pro Business",
                    "price": 89355,
                    "price_label": "89\u202f355\u00a0F CFA",
                    "next_billing_date": "2026-12-01",
                    "conversations_used": 247,
                    "conversation_limit": 1000,
                    "usage_percent": 25,
                    "period_start": "2026-11-01",
                    "usage_resets_on": "2026-12-01",
                    "status": "actif",
                    "status_label": "Actif",
                    "can_access_analytics": True,
                    "can_use_advanced_features": False,
                },
                response_only=True,
            )
        ],
    )
    def get(self, request):
        card = subscription_card(request.user)
        return Response(self.OutputSerializer(card).data)


class PlanOfferSerializer(serializers.Serializer):
    class Meta:
        ref_name = "PlanOffer"

    code = serializers.CharField()
    name = serializers.CharField()
    price = serializers.IntegerField(allow_null=True)
    price_label = serializers.CharField()
    conversation_limit = serializers.IntegerField(help_text="-1 pour illimité.")
    can_access_analytics = serializers.BooleanField()
    can_access_predictions = serializers.BooleanField()
    can_use_advanced_features = serializers.BooleanField()
    current = serializers.BooleanField(help_text="Le plan du compte.")
    payable = serializers.BooleanField(help_text="Peut être payé en ligne maintenant (« Passer à … »).")


class PlanListApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="subscriptions_plans",
        summary="Les plans proposés",
        # The answer wraps the list in ``results`` (like every list of the API).
        responses={200: inline_serializer("PlanOfferList", {"results": PlanOfferSerializer(many=True)})},
    )
    def get(self, request):
        return Response({"results": PlanOfferSerializer(plan_offers(request.user), many=True).data})


class SubscriptionUpgradeApi(APIView):
    """« Passer à Pro »: a payment link on Flux IA's own provider account. The plan changes only when
    the provider confirms the payment to the server (payments app), never on this call."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(InputSerializer):
        class Meta:
            ref_name = "SubscriptionUpgradeInput"

        plan = StrictCharField(max_length=20, help_text="Code du plan : starter ou pro.")

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SubscriptionUpgrade"

        reference = serializers.CharField()
        payment_url = serializers.URLField(help_text="La page de paiement du prestataire.")
        amount = serializers.IntegerField()

    @extend_schema(
        operation_id="subscriptions_upgrade",
        summary="Payer un plan (lien de paiement mobile money)",
        request=InputSerializer,
        responses={201: OutputSerializer},
    )
    def post(self, request):
        from payments.services import subscription_payment_start

        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        payment = subscription_payment_start(user=request.user, plan_code=serializer.validated_data["plan"])
        data = {"reference": payment.reference, "payment_url": payment.payment_url, "amount": payment.amount_charged}
        return Response(self.OutputSerializer(data).data, status=201)
