"""The plan catalogue, the record of plan changes and the monthly conversation counters.

Plans are data (DESIGN.md, STYLE.md): caps and permission flags are columns that staff edit in the
admin. ``User.plan_abonnement`` (owned by the accounts app) holds a plan's ``code``.
"""

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models

UNLIMITED = -1

# The default catalogue: the plans as the pricing cards sell them (issue 18: gratuit is the
# 100-conversation free trial, starter 500, pro 2000, entreprise unlimited). The data migrations
# seed it and a post_migrate handler restores any missing row (see apps.py); staff edits of existing rows are never
# overwritten. Pro's price is the public "Pro Business" card price; entreprise is "sur devis".
DEFAULT_PLANS = [
    {
        "code": "gratuit",
        "name": "Gratuit",
        "rank": 0,
        "price_fcfa": 0,
        "conversation_limit": 100,
        "can_access_analytics": False,
        "can_use_advanced_features": False,
        "can_access_predictions": False,
    },
    {
        # Starter (the pricing card's « Analyses de base »): the Statistiques page without its
        # predictions (Pro Business's « Analyses prédictives »), and a quarter of pro's conversations.
        "code": "starter",
        "name": "Starter",
        "rank": 5,
        "price_fcfa": 78800,
        "conversation_limit": 500,
        "can_access_analytics": True,
        "can_use_advanced_features": False,
        "can_access_predictions": False,
    },
    {
        "code": "pro",
        "name": "Pro Business",
        "rank": 10,
        "price_fcfa": 89355,
        "conversation_limit": 2000,
        "can_access_analytics": True,
        "can_use_advanced_features": False,
        "can_access_predictions": True,
    },
    {
        "code": "entreprise",
        "name": "Entreprise",
        "rank": 20,
        "price_fcfa": None,
        "conversation_limit": UNLIMITED,
        "can_access_analytics": True,
        "can_use_advanced_features": True,
        "can_access_predictions": True,
    },
]

# The plan every account falls back to when its code matches no row.
DEFAULT_PLAN_CODE = "gratuit"


class Plan(models.Model):
    code = models.SlugField(
        "code",
        max_length=20,
        unique=True,
        help_text="Valeur stockée dans le champ « plan d'abonnement » des utilisateurs. Non modifiable.",
    )
    name = models.CharField("nom affiché", max_length=60)
    rank = models.PositiveSmallIntegerField(
        "rang",
        default=0,
        help_text="Ordre des plans, du plus petit au plus complet (sert aux messages « plan requis »).",
    )
    price_fcfa = models.PositiveIntegerField(
        "prix mensuel (F CFA)",
        null=True,
        blank=True,
        help_text="Laisser vide pour « Sur devis ».",
    )
    conversation_limit = models.IntegerField(
        "conversations par mois",
        validators=[MinValueValidator(UNLIMITED)],
        help_text="Nombre de nouvelles conversations par mois calendaire ; -1 pour illimité.",
    )
    can_access_analytics = models.BooleanField("accès aux statistiques", default=False)
    can_use_advanced_features = models.BooleanField("fonctionnalités avancées", default=False)
    can_access_predictions = models.BooleanField(
        "prévisions des statistiques",
        default=False,
        help_text="Les analyses prédictives de la page Statistiques (sans elles : les analyses de base).",
    )

    class Meta:
        verbose_name = "plan"
        verbose_name_plural = "plans"
        ordering = ["rank", "code"]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    @property
    def is_unlimited(self) -> bool:
        return self.conversation_limit == UNLIMITED

    @property
    def is_on_quote(self) -> bool:
        return self.price_fcfa is None


class PlanChange(models.Model):
    """One change of an account's plan or subscription status: who, when, from, to, and through what."""

    class Source(models.TextChoices):
        ADMIN = "admin", "Administration"
        COMMAND = "command", "Commande"
        SYSTEM = "system", "Système"
        PAYMENT = "payment", "Paiement"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="utilisateur",
        on_delete=models.CASCADE,
        related_name="plan_changes",
    )
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="modifié par",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    changed_at = models.DateTimeField("date", auto_now_add=True, db_index=True)
    from_plan = models.CharField("ancien plan", max_length=20)
    to_plan = models.CharField("nouveau plan", max_length=20)
    from_status = models.CharField("ancien statut", max_length=20)
    to_status = models.CharField("nouveau statut", max_length=20)
    source = models.CharField("origine", max_length=20, choices=Source.choices, default=Source.ADMIN)

    class Meta:
        verbose_name = "changement de plan"
        verbose_name_plural = "changements de plan"
        ordering = ["-changed_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} : {self.from_plan}/{self.from_status} → {self.to_plan}/{self.to_status}"


class ConversationUsage(models.Model):
    """How many conversations an account started in one calendar month (Africa/Abidjan).

    ``month`` is the first day of that month. ``services.conversation_quota_consume`` increments
    ``count`` with one conditional UPDATE, so concurrent starts can never pass the cap.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="utilisateur",
        on_delete=models.CASCADE,
        related_name="conversation_usages",
    )
    month = models.DateField("mois", help_text="Premier jour du mois calendaire (heure d'Abidjan).")
    count = models.PositiveIntegerField("conversations démarrées", default=0)
    updated_at = models.DateTimeField("mis à jour", auto_now=True)

    class Meta:
        verbose_name = "consommation mensuelle"
        verbose_name_plural = "consommations mensuelles"
        ordering = ["-month", "user_id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "month"], name="subscriptions_usage_user_month_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.month:%m/%Y} : {self.count}"
