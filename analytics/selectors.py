"""Every figure here is computed from the account's rows, with a French sentence saying how, so
the dashboard can show it next to the number. Periods are rolling windows ending now; calendar
boundaries use the project's time zone (Africa/Abidjan)."""

from datetime import datetime, timedelta

from django.db.models import Count, Exists, OuterRef, Q, Sum
from django.db.models.functions import Coalesce, ExtractIsoWeekDay
from django.utils import timezone

from catalog.models import Product
from conversations.models import Conversation, Message, QuestionCategory, Sender
from core.money import format_fcfa
from emails.models import Email
from logistics.locations import PLACES
from orders.models import FINAL_STATUSES, PICKUP, Order, OrderStatus
from subscriptions.selectors import plan_for

from .models import AccountForecast

PERIOD_DAYS = 30
LABEL_BUSIEST_DAY = "Jour le plus chargé"
# What counts as a sale (docs/analytics.md): every order that is not cancelled, whatever its
# payment or delivery step; its amount is the order's total (products plus delivery fee).
LABEL_PICKUP_CITY = "Retrait en boutique"
WEEKDAYS = {1: "lundi", 2: "mardi", 3: "mercredi", 4: "jeudi", 5: "vendredi", 6: "samedi", 7: "dimanche"}


def _change(current: float, previous: float) -> float | None:
    """Percent change, None when there is nothing to compare with."""
    if not previous:
        return None
    return round((current - previous) / previous * 100, 1)


def _percent(part: int, whole: int) -> float | None:
    return round(part / whole * 100, 1) if whole else None


def _windows(now: datetime) -> tuple[datetime, datetime]:
    return now - timedelta(days=PERIOD_DAYS), now - timedelta(days=2 * PERIOD_DAYS)


def _sales(user):
    """The account's sales: its orders that are not cancelled."""
    return Order.objects.filter(owner=user).exclude(status=OrderStatus.CANCELLED)


def _period_totals(*, user, now: datetime) -> dict:
    """Conversations (with those of the last 30 days whose customer ordered afterwards), orders and
    revenue in the last 30 days and the 30 before (two queries)."""
    start, previous_start = _windows(now)
    # An order counts for the conversation by its contact, or by the customer's number when there is
    # one (an empty number would match every customer who writes without one).
    ordered = _sales(user).filter(
        (Q(customer_phone=OuterRef("contact__whatsapp_number")) & ~Q(customer_phone=""))
        | Q(contact_id=OuterRef("contact_id")),
        created_at__gte=OuterRef("created_at"),
    )
    conversations = Conversation.objects.filter(owner=user, created_at__lte=now).aggregate(
        current=Count("id", filter=Q(created_at__gt=start)),
        previous=Count("id", filter=Q(created_at__gt=previous_start, created_at__lte=start)),
        converted=Count("id", filter=Q(created_at__gt=start) & Q(Exists(ordered))),
    )
    orders = (
        _sales(user)
        .filter(created_at__lte=now)
        .aggregate(
            current=Count("id", filter=Q(created_at__gt=start)),
            previous=Count("id", filter=Q(created_at__gt=previous_start, created_at__lte=start)),
            revenue=Coalesce(Sum("total", filter=Q(created_at__gt=start)), 0),
            previous_revenue=Coalesce(Sum("total", filter=Q(created_at__gt=previous_start, created_at__lte=start)), 0),
        )
    )
    return {"conversations": conversations, "orders": orders}


def analytics_kpis(*, user, now: datetime, totals: dict) -> list[dict]:
    start, _ = _windows(now)
    conversations = totals["conversations"]
    orders = totals["orders"]
    replies = Message.objects.filter(
        conversation__owner=user, sent_at__gt=start, sent_at__lte=now, sender__in=[Sender.AI, Sender.AGENT]
    ).aggregate(total=Count("id"), ai=Count("id", filter=Q(sender=Sender.AI)))
    # The conversion reads the conversations' own aggregate (_period_totals): no query of its own.
    converted = {"total": conversations["current"], "converted": conversations["converted"]}
    return [
        {
            "key": "conversations",
            "label": "Conversations",
            "value": conversations["current"],
            "unit": "conversations",
            "change": _change(conversations["current"], conversations["previous"]),
            "explanation": "Conversations démarrées sur les 30 derniers jours ; la variation compare aux 30 jours "
            "précédents.",
        },
        {
            "key": "ai_reply_rate",
            "label": "Réponses de l'IA",
            "value": _percent(replies["ai"], replies["total"]),
            "unit": "%",
            "change": None,
            "explanation": f"Part des réponses envoyées par l'IA parmi toutes les réponses aux clients (IA et vous) "
            f"sur les 30 derniers jours : {replies['ai']} sur {replies['total']}.",
        },
        {
            "key": "conversion_rate",
            "label": "Taux de conversion",
            "value": _percent(converted["converted"], converted["total"]),
            "unit": "%",
            "change": None,
            "explanation": f"Conversations des 30 derniers jours dont le client (même numéro) a passé une commande "
            f"ensuite : {converted['converted']} sur {converted['total']}.",
        },
        {
            "key": "revenue",
            "label": "Chiffre d'affaires",
            "value": orders["revenue"],
            "unit": "F CFA",
            "change": _change(orders["revenue"], orders["previous_revenue"]),
            "explanation": f"Somme des totaux des {orders['current']} commandes non annulées créées sur les 30 "
            f"derniers jours ; la variation compare aux 30 jours précédents.",
        },
    ]


def analytics_accuracy_by_category(*, user) -> dict:
    """Share of the AI's answers judged correct, per question category (one query)."""
    rows = (
        Message.objects.filter(conversation__owner=user, sender=Sender.AI, accurate__isnull=False)
        .exclude(category="")
        .values("category")
        .annotate(evaluated=Count("id"), correct=Count("id", filter=Q(accurate=True)))
        .order_by("category")
    )
    by_code = {row["category"]: row for row in rows}
    categories = []
    for category in QuestionCategory:
        row = by_code.get(category.value)
        if row is None:
            continue
        categories.append(
            {
                "category": category.value,
                "label": category.label,
                "accuracy": _percent(row["correct"], row["evaluated"]),
                "correct": row["correct"],
                "evaluated": row["evaluated"],
            }
        )
    return {
        "categories": categories,
        "explanation": "Pour chaque catégorie de question, part des réponses de l'IA jugées correctes parmi "
        "celles qui ont été évaluées (les réponses non évaluées ne comptent pas).",
    }


def _city_of(order_row: dict) -> str:
    """A delivered order's city from its commune (Abidjan's communes and the main cities); a pickup
    is « Retrait en boutique »; a place the list does not know is shown as written."""
    if order_row["zone"] == PICKUP:
        return LABEL_PICKUP_CITY
    commune = order_row["commune"] or order_row["zone"]
    return PLACES.get(commune, (commune,))[0]


def analytics_sales_by_city(*, user) -> dict:
    """Sales and revenue per delivery city, biggest first (one query, grouped by commune in the
    database and folded into cities here)."""
    rows = _sales(user).values("zone", "commune").annotate(orders=Count("id"), revenue=Coalesce(Sum("total"), 0))
    cities: dict[str, dict] = {}
    for row in rows:
        city = cities.setdefault(_city_of(row), {"orders": 0, "revenue": 0})
        city["orders"] += row["orders"]
        city["revenue"] += row["revenue"]
    ranked = sorted(cities.items(), key=lambda item: (-item[1]["revenue"], item[0]))
    total = sum(city["revenue"] for city in cities.values())
    return {
        "cities": [
            {
                "city": name,
                "orders": city["orders"],
                "revenue": city["revenue"],
                "share": _percent(city["revenue"], total),
            }
            for name, city in ranked
        ],
        "total_revenue": total,
        "explanation": "Somme des totaux de toutes les commandes non annulées du compte, par ville de livraison "
        "(les retraits en boutique à part) ; la part est celle de la ville dans le total.",
    }


def _linear(current: int, previous: int) -> int:
    """Next period = this period + (this period - the one before), never below zero."""
    return max(0, current + (current - previous))


def analytics_predictions(*, user, now: datetime, totals: dict) -> list[dict]:
    conversations = totals["conversations"]
    orders = totals["orders"]
    revenue_forecast = _linear(orders["revenue"], orders["previous_revenue"])
    conversation_forecast = _linear(conversations["current"], conversations["previous"])

    eight_weeks = now - timedelta(weeks=8)
    busiest = (
        Message.objects.filter(conversation__owner=user, sender=Sender.USER, sent_at__gt=eight_weeks, sent_at__lte=now)
        .annotate(weekday=ExtractIsoWeekDay("sent_at"))
        .values("weekday")
        .annotate(messages=Count("id"))
        .order_by("-messages", "weekday")
        .first()
    )
    if busiest:
        day = WEEKDAYS[busiest["weekday"]]
        average = f"{busiest['messages'] / 8:.1f}".replace(".", ",")
        busiest_prediction = {
            "key": "busiest_day",
            "label": LABEL_BUSIEST_DAY,
            "value": day,
            "unit": "jour",
            "explanation": f"Le {day} a reçu le plus de messages de clients sur les 8 dernières semaines "
            f"({busiest['messages']} messages, soit {average} par {day} en moyenne) : on prévoit qu'il le restera.",
        }
    else:
        busiest_prediction = {
            "key": "busiest_day",
            "label": LABEL_BUSIEST_DAY,
            "value": None,
            "unit": "jour",
            "explanation": "Pas encore de messages de clients sur les 8 dernières semaines pour faire une prévision.",
        }
    return [
        {
            "key": "revenue_next_30_days",
            "label": "Chiffre d'affaires des 30 prochains jours",
            "value": revenue_forecast,
            "unit": "F CFA",
            "explanation": f"Prolongement de la tendance : {format_fcfa(orders['revenue'])} sur les 30 derniers jours, "
            f"{format_fcfa(orders['previous_revenue'])} sur les 30 jours d'avant ; on ajoute le même écart.",
        },
        {
            "key": "conversations_next_30_days",
            "label": "Conversations des 30 prochains jours",
            "value": conversation_forecast,
            "unit": "conversations",
            "explanation": f"Prolongement de la tendance : {conversations['current']} conversations sur les 30 "
            f"derniers jours, {conversations['previous']} sur les 30 jours d'avant ; on ajoute le même écart.",
        },
        busiest_prediction,
    ]


def analytics_satisfaction(*, user, now: datetime) -> dict:
    """CSAT over the last 30 days (one grouped query): the share of ratings of 4 or 5 among the
    customers' ratings after delivery, their count and average, overall and per driver."""
    from aftersales.models import Rating

    start, _ = _windows(now)
    rows = (
        Rating.objects.filter(owner=user, created_at__gt=start, created_at__lte=now)
        .values("driver_id", "driver__name")
        .annotate(count=Count("id"), satisfied=Count("id", filter=Q(score__gte=4)), points=Sum("score"))
        .order_by()
    )
    drivers, count, satisfied, points = [], 0, 0, 0
    for row in rows:
        count, satisfied, points = count + row["count"], satisfied + row["satisfied"], points + row["points"]
        if row["driver_id"] is not None:
            drivers.append(
                {
                    "driver_id": row["driver_id"],
                    "name": row["driver__name"],
                    "ratings": row["count"],
                    "csat": _percent(row["satisfied"], row["count"]),
                    "average": round(row["points"] / row["count"], 2),
                }
            )
    drivers.sort(key=lambda driver: (-driver["ratings"], driver["name"]))
    return {
        "ratings": count,
        "csat": _percent(satisfied, count),
        "average": round(points / count, 2) if count else None,
        "drivers": drivers,
        "explanation": (
            f"Part des notes de 4 ou 5 sur 5 parmi les {count} note(s) données par les clients sur WhatsApp "
            f"une heure après la livraison, sur les {PERIOD_DAYS} derniers jours ; la moyenne est celle de "
            "toutes ces notes, et chaque livreur a les siennes."
        ),
    }


def analytics_overview(*, user, now: datetime | None = None, plan=None) -> dict:
    """The Statistiques page: KPIs, accuracy by category, sales by city, three predictions (the
    predictions only for plans that sell them: « Analyses prédictives », ``can_access_predictions``;
    ``plan`` is the account's plan row when the caller has it already)."""
    now = now or timezone.now()
    totals = _period_totals(user=user, now=now)
    predictions_available = (plan or plan_for(user)).can_access_predictions
    return {
        "period_days": PERIOD_DAYS,
        "generated_at": now,
        "kpis": analytics_kpis(user=user, now=now, totals=totals),
        "accuracy_by_category": analytics_accuracy_by_category(user=user),
        "sales_by_city": analytics_sales_by_city(user=user),
        "predictions": analytics_predictions(user=user, now=now, totals=totals) if predictions_available else [],
        "predictions_available": predictions_available,
        "satisfaction": analytics_satisfaction(user=user, now=now),
    }


# --- home page (GET /auth/dashboard) ------------------------------------------------------------

ACTIVITY_LIMIT = 8


def dashboard_home(*, user, now: datetime | None = None) -> dict:
    """Four cards and the recent activity, for every plan (six small queries with the plan's)."""
    now = now or timezone.now()
    local_now = timezone.localtime(now)
    day_start = local_now.replace(hour=0, minute=0, second=0, microsecond=0)
    month_start = day_start.replace(day=1)

    conversations_today = Conversation.objects.filter(
        owner=user, last_message_at__gte=day_start, last_message_at__lte=now
    ).count()
    ai_messages = Message.objects.filter(
        conversation__owner=user, sender=Sender.AI, sent_at__gte=month_start, sent_at__lte=now
    ).count()
    orders = _sales(user).aggregate(
        open=Count("id", filter=~Q(status__in=FINAL_STATUSES)),
        revenue=Coalesce(Sum("total", filter=Q(created_at__gte=month_start, created_at__lte=now)), 0),
    )
    cards = [
        {
            "key": "conversations_today",
            "label": "Conversations aujourd'hui",
            "value": conversations_today,
            "unit": "conversations",
            "explanation": "Conversations qui ont reçu ou envoyé un message depuis minuit.",
        },
        {
            "key": "ai_messages_month",
            "label": "Messages traités par l'IA",
            "value": ai_messages,
            "unit": "messages",
            "explanation": "Réponses envoyées par l'IA depuis le début du mois.",
        },
        {
            "key": "open_orders",
            "label": "Commandes en cours",
            "value": orders["open"],
            "unit": "commandes",
            "explanation": "Commandes ni livrées, ni retirées, ni annulées : confirmées, en attente de paiement, "
            "payées, en préparation, en route ou prêtes au retrait.",
        },
        {
            "key": "revenue_month",
            "label": "Chiffre d'affaires du mois",
            "value": orders["revenue"],
            "unit": "F CFA",
            "explanation": "Somme des totaux des commandes non annulées créées depuis le début du mois.",
        },
    ]
    return {
        "cards": cards,
        "recent_activity": recent_activity(user=user),
        # The home page shows the forecast card only to plans with « Analyses prédictives ».
        "predictions_available": bool(plan_for(user).can_access_predictions),
    }


def recent_activity(*, user, limit: int = ACTIVITY_LIMIT) -> list[dict]:
    """The latest customer messages, orders and e-mails, merged newest first (three queries)."""
    items: list[dict] = []
    messages = (
        Message.objects.filter(conversation__owner=user, sender=Sender.USER)
        .select_related("conversation__contact")
        .order_by("-sent_at", "-id")[:limit]
    )
    for message in messages:
        items.append(
            {
                "type": "message",
                "title": f"Nouveau message de {message.conversation.contact.name}",
                "description": message.content[:140],
                "time": message.sent_at,
                "link": f"/dashboard/conversations?conversation={message.conversation_id}",
            }
        )
    # Orders, not deliveries: an order picked up at the counter, cancelled or unpaid has no delivery,
    # and a dispatched order's delivery moves with it.
    for order in Order.objects.filter(owner=user).order_by("-updated_at", "-id")[:limit]:
        place = "retrait en boutique" if order.zone == PICKUP else order.commune or order.zone
        items.append(
            {
                "type": "order",
                "title": f"Commande {order.reference} : {order.get_status_display()}",
                "description": f"{order.customer_name} — {place} — {format_fcfa(order.total)}",
                "time": order.updated_at,
                "link": f"/dashboard/orders?commande={order.pk}",
            }
        )
    mails = Email.objects.filter(owner=user).exclude(category__in=["newsletter", "spam"])  # set-aside mail
    for email in mails.order_by("-received_at", "-id")[:limit]:
        items.append(
            {
                "type": "email",
                "title": f"E-mail de {email.sender_name} : {email.subject}",
                "description": email.ai_summary[:140] or email.preview[:140],
                "time": email.received_at,
                "link": "/dashboard/emails",
            }
        )
    items.sort(key=lambda item: item["time"], reverse=True)
    return items[:limit]


# --- forecasts (stored by the nightly task: analytics.services.forecast_compute) -----------------------

RESTOCK_HORIZON_DAYS = 30


def _lowercase_name(name: str) -> str:
    """« Pagne wax » reads « pagne wax » inside a sentence; « PS5 » stays as written."""
    return name[:1].lower() + name[1:] if len(name) > 1 and name[1:2].islower() else name


def _when(days: int, day) -> str:
    if days <= 0:
        return "aujourd'hui"
    if days == 1:
        return "demain"
    if days < 7:
        return WEEKDAYS[day.isoweekday()]
    months = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()
    return f"le {day.day}{'er' if day.day == 1 else ''} {months[day.month - 1]}"


def restock_alerts_of(*, forecast, products, today) -> list[dict]:
    """Tracked products that run out within the forecast's horizon at its pace, soonest first: the
    stored per-day expectations from ``today`` on, summed until they reach the stock on hand."""
    if forecast is None:
        return []
    cards = {card["sku"]: card for card in forecast.data.get("products", []) if card.get("status") == "ok"}
    offset = max(0, (today - forecast.starts_on).days)
    alerts = []
    for product in products:
        card = cards.get(product.sku)
        if card is None or product.stock_quantity is None:
            continue
        daily = card["daily"][offset:]
        stock = product.stock_quantity
        days_left, sold = None, 0.0
        if stock <= 0:
            days_left = 0
        else:
            for index, expected in enumerate(daily):
                sold += expected
                if sold >= stock:
                    days_left = index
                    break
        if days_left is None:
            continue
        runs_out_on = today + timedelta(days=days_left)
        name = _lowercase_name(product.name)
        message = (
            f"Rupture : plus de {name} en stock"
            if stock <= 0
            else f"Au rythme actuel, vous n'aurez plus de {name} {_when(days_left, runs_out_on)}"
        )
        alerts.append(
            {
                "product_id": product.pk,
                "sku": product.sku,
                "name": product.name,
                "unit": product.unit,
                "stock_quantity": stock,
                "days_left": days_left,
                "runs_out_on": runs_out_on.isoformat(),
                "expected_7_days": round(sum(card["daily"][offset : offset + 7]), 1),
                "message": message,
            }
        )
    alerts.sort(key=lambda alert: (alert["days_left"], alert["name"]))
    return alerts


def forecast_page(*, user, now: datetime | None = None) -> dict:
    """The stored forecast of the account with live restock alerts (two queries: the forecast row,
    the products whose stock is tracked). ``available`` is False until the nightly task has run."""
    now = now or timezone.now()
    forecast = AccountForecast.objects.filter(owner=user).first()
    if forecast is None:
        return {
            "available": False,
            "computed_at": None,
            "message": "Les prévisions sont calculées chaque nuit : elles apparaîtront ici demain matin.",
            "data": None,
            "restock": [],
        }
    products = Product.objects.filter(owner=user, stock_quantity__isnull=False).only(
        "id", "sku", "name", "unit", "stock_quantity"
    )
    restock = restock_alerts_of(forecast=forecast, products=list(products), today=timezone.localdate(now))
    data = forecast.data
    for card in [data.get("total") or {}, *data.get("products", [])]:
        card.pop("daily", None)  # the page shows totals and the week; the per-day list is for restock
    return {
        "available": True,
        "computed_at": forecast.computed_at,
        "message": "",
        "data": data,
        "restock": restock,
    }
