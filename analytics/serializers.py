"""Response shapes, for the OpenAPI schema the front end is written against."""

from rest_framework import serializers


class AnalyticsFigureSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    value = serializers.JSONField(help_text="Nombre (ou texte pour un jour), null s'il n'y a pas de données.")
    unit = serializers.CharField(help_text="« % », « F CFA », « conversations »...")
    explanation = serializers.CharField(help_text="Phrase en français : comment le chiffre est calculé.")


class AnalyticsKpiSerializer(AnalyticsFigureSerializer):
    change = serializers.FloatField(allow_null=True, help_text="Variation en % par rapport à la période précédente.")


class CategoryAccuracySerializer(serializers.Serializer):
    category = serializers.CharField()
    label = serializers.CharField()
    accuracy = serializers.FloatField(allow_null=True)
    correct = serializers.IntegerField()
    evaluated = serializers.IntegerField()


class AccuracySerializer(serializers.Serializer):
    categories = CategoryAccuracySerializer(many=True)
    explanation = serializers.CharField()


class CitySalesSerializer(serializers.Serializer):
    city = serializers.CharField()
    orders = serializers.IntegerField()
    revenue = serializers.IntegerField(help_text="F CFA")
    share = serializers.FloatField(allow_null=True, help_text="% du chiffre d'affaires total")


class SalesByCitySerializer(serializers.Serializer):
    cities = CitySalesSerializer(many=True)
    total_revenue = serializers.IntegerField()
    explanation = serializers.CharField()


class DriverSatisfactionSerializer(serializers.Serializer):
    driver_id = serializers.IntegerField()
    name = serializers.CharField()
    ratings = serializers.IntegerField()
    csat = serializers.FloatField(allow_null=True, help_text="% de notes de 4 ou 5")
    average = serializers.FloatField(allow_null=True, help_text="Note moyenne sur 5")


class SatisfactionSerializer(serializers.Serializer):
    ratings = serializers.IntegerField(help_text="Nombre de notes reçues sur la période")
    csat = serializers.FloatField(allow_null=True, help_text="% de notes de 4 ou 5 (null sans note)")
    average = serializers.FloatField(allow_null=True, help_text="Note moyenne sur 5 (null sans note)")
    drivers = DriverSatisfactionSerializer(many=True)
    explanation = serializers.CharField()


class AnalyticsOverviewSerializer(serializers.Serializer):
    period_days = serializers.IntegerField()
    generated_at = serializers.DateTimeField()
    kpis = AnalyticsKpiSerializer(many=True)
    accuracy_by_category = AccuracySerializer()
    sales_by_city = SalesByCitySerializer()
    predictions = AnalyticsFigureSerializer(many=True)
    predictions_available = serializers.BooleanField(
        help_text="Le plan inclut les prévisions (analyses prédictives) ; sinon predictions est vide."
    )
    satisfaction = SatisfactionSerializer(help_text="Satisfaction des clients après livraison (CSAT)")


class DashboardActivitySerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["message", "order", "delivery", "email"])
    title = serializers.CharField()
    description = serializers.CharField()
    time = serializers.DateTimeField()
    link = serializers.CharField(help_text="Page du tableau de bord concernée.")


class DashboardHomeSerializer(serializers.Serializer):
    cards = AnalyticsFigureSerializer(many=True)
    recent_activity = DashboardActivitySerializer(many=True)
    predictions_available = serializers.BooleanField(
        help_text="Le plan inclut les prévisions : la carte « Prévisions de la semaine » lit /analytics/forecast."
    )


class RestockAlertSerializer(serializers.Serializer):
    product_id = serializers.IntegerField()
    sku = serializers.CharField()
    name = serializers.CharField()
    unit = serializers.CharField(allow_blank=True)
    stock_quantity = serializers.IntegerField()
    days_left = serializers.IntegerField(help_text="0 : aujourd'hui")
    runs_out_on = serializers.DateField()
    expected_7_days = serializers.FloatField()
    message = serializers.CharField(help_text="« Au rythme actuel, vous n'aurez plus de bissap samedi »")


class AnalyticsForecastSerializer(serializers.Serializer):
    available = serializers.BooleanField(help_text="False tant que le calcul de nuit n'a pas tourné pour ce compte.")
    computed_at = serializers.DateTimeField(allow_null=True)
    message = serializers.CharField(allow_blank=True)
    data = serializers.JSONField(
        allow_null=True,
        help_text="status, basis, missing, history_days, total, products[], heatmap, customers (docs/analytics.md).",
    )
    restock = RestockAlertSerializer(many=True)
