"""Writes of the analytics app: compute and store an account's forecasts (the nightly task), and
tell the owner once when a product will run out (the restock check).

``forecast_compute`` reads the account's orders and messages in five grouped queries, fits one
small model per product and one for the shop's revenue (``analytics.forecasting``), and stores the
page's figures in ``AccountForecast``: the Statistiques page never fits anything.
"""

import statistics
import time
from collections import defaultdict
from datetime import date, datetime, timedelta

import numpy as np
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Sum
from django.db.models.functions import ExtractHour, TruncDate
from django.utils import timezone

from catalog.models import Product
from conversations.models import Message, Sender
from core.tasks import enqueue_on_commit, send_email
from orders.models import Order, OrderLine, OrderStatus
from preferences.services import preferences_get_or_create
from subscriptions.selectors import plan_for

from . import forecasting as fc
from .models import AccountForecast, RestockAlert
from .selectors import WEEKDAYS, restock_alerts_of

HISTORY_DAYS = 365
HORIZON = 30
HEATMAP_WEEKS = 8
BUSIEST_SLOTS = 3
RESTOCK_ALERT_DAYS = 7  # an alert is pushed when a product runs out within a week
RESTOCK_SUBJECT = "Stock bientôt épuisé : {name}"
RESTOCK_TEXT = (
    "Bonjour {prenom},\n\n{message}.\nStock actuel : {stock} {unit}.\n\n"
    "Les prévisions de vos ventes sont sur la page Statistiques : {url}\n\n— Flux IA"
)


# --- reading the account's history -------------------------------------------------------------------


def _weeks_label(days: int) -> str:
    weeks = days // 7
    if weeks < 1:
        return f"{days} jour{'s' if days > 1 else ''}"
    return f"{weeks} semaine{'s' if weeks > 1 else ''}"


def _day_label(day: date) -> str:
    months = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()
    return f"{day.day}{'er' if day.day == 1 else ''} {months[day.month - 1]}"


def _daily_sales(*, user, start: date, today: date) -> dict[str, dict[date, tuple[int, int]]]:
    """{sku: {day: (units, revenue)}} of the non-cancelled orders from ``start`` to yesterday; the
    shop's whole revenue (lines without a sku too) is under the key ""."""
    tz = timezone.get_current_timezone()
    rows = (
        OrderLine.objects.filter(
            order__owner=user,
            order__created_at__gte=datetime.combine(start, datetime.min.time(), tz),
            order__created_at__lt=datetime.combine(today, datetime.min.time(), tz),
        )
        .exclude(order__status=OrderStatus.CANCELLED)
        .annotate(day=TruncDate("order__created_at", tzinfo=tz))
        .values("sku", "day")
        .annotate(units=Sum("quantity"), revenue=Sum("line_total"))
        .order_by()
    )
    sales: dict[str, dict[date, tuple[int, int]]] = defaultdict(dict)
    shop: dict[date, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        if row["sku"]:
            sales[row["sku"]][row["day"]] = (row["units"], row["revenue"])
        shop[row["day"]][0] += row["units"]
        shop[row["day"]][1] += row["revenue"]
    sales[""] = {day: (units, revenue) for day, (units, revenue) in shop.items()}
    return sales


def _series(days: dict[date, tuple[int, int]], *, first: date, today: date, index: int) -> np.ndarray:
    y = np.zeros((today - first).days)
    for day, values in days.items():
        if first <= day < today:
            y[(day - first).days] = values[index]
    return y


# --- one series' card --------------------------------------------------------------------------------


def _error_sentence(backtest: dict) -> str:
    error, naive = backtest["error_pct"], backtest["naive_error_pct"]
    if error is None:
        return "Rien n'a été vendu sur les 4 dernières semaines : l'erreur ne peut pas être mesurée."
    sentence = (
        f"Testée comme si nous étions il y a 4 semaines : écart moyen de {error:.0f} % par semaine avec ce qui "
        f"a vraiment été vendu (pour 100 vendus, entre {max(0, 100 - error):.0f} et {100 + error:.0f} annoncés)"
    )
    if naive is not None:
        sentence += f" ; « comme la semaine d'avant » se trompait de {naive:.0f} %"
    return sentence + "."


def _card(y: np.ndarray, *, first: date, today: date, price: int | None, money: bool = False) -> dict:
    """The forecast of one series with at least ``MIN_DAYS`` days: totals with ranges, the next
    seven days by weekday, the per-day expectations and the backtest."""
    result = fc.forecast_series(y, horizon=HORIZON)
    prediction = result["prediction"]

    def totals(values: tuple[float, float, float]) -> dict:
        mean, low, high = values
        if money:
            return {"revenue": round(mean), "revenue_low": round(low), "revenue_high": round(high)}
        out = {"units": round(mean, 1), "low": int(np.floor(low)), "high": int(np.ceil(high))}
        if price is not None:
            out |= {
                "revenue": round(mean * price),
                "revenue_low": round(low * price),
                "revenue_high": round(high * price),
            }
        return out

    backtest = result["backtest"]
    return {
        "status": "ok",
        "method": result["method"],
        "method_label": fc.METHOD_LABELS[result["method"]],
        "next_7": totals(result["next_7"]),
        "next_30": totals(result["next_30"]),
        "week": [
            {
                "date": (today + timedelta(days=offset)).isoformat(),
                "day": WEEKDAYS[(today + timedelta(days=offset)).isoweekday()],
                "value": round(float(prediction.mean[offset]), 2 if not money else 0),
            }
            for offset in range(7)
        ],
        "daily": [round(float(value), 3) for value in prediction.mean],
        "backtest": {
            "error_pct": None if backtest["error_pct"] is None else round(backtest["error_pct"], 1),
            "naive_error_pct": None if backtest["naive_error_pct"] is None else round(backtest["naive_error_pct"], 1),
            "mase": None if backtest["mase"] is None else round(backtest["mase"], 3),
            "naive_mase": None if backtest["naive_mase"] is None else round(backtest["naive_mase"], 3),
            "weeks": fc.BACKTEST_DAYS // 7,
            "sentence": _error_sentence(backtest),
        },
    }


def _missing(days: int) -> str:
    wait = fc.MIN_DAYS - days
    return (
        f"Il faut {fc.MIN_DAYS // 7} semaines de ventes (4 pour apprendre, 4 pour mesurer l'erreur) : "
        f"encore {_weeks_label(wait) if wait >= 7 else f'{wait} jour' + ('s' if wait > 1 else '')}."
    )


def _product_card(product: dict, days: dict[date, tuple[int, int]], *, today: date) -> dict:
    base = {"sku": product["sku"], "name": product["name"], "price": product["price"], "unit": product["unit"]}
    if not days:
        return base | {"status": "no_sales", "basis": "Pas encore de vente enregistrée.", "missing": _missing(0)}
    first, last = min(days), max(days)
    selling_days = (today - first).days
    basis = f"{_weeks_label(selling_days)} de ventes (depuis le {_day_label(first)})"
    if (today - last).days > fc.BACKTEST_DAYS:
        return base | {
            "status": "stopped",
            "basis": basis,
            "missing": f"Plus vendu depuis le {_day_label(last)} : pas de prévision.",
        }
    if selling_days < fc.MIN_DAYS:
        return base | {"status": "insufficient", "basis": basis, "missing": _missing(selling_days)}
    y = _series(days, first=first, today=today, index=0)
    return base | {"basis": basis, "missing": None} | _card(y, first=first, today=today, price=product["price"])


# --- busy hours --------------------------------------------------------------------------------------


def _slot_counts(*, user, start: date, today: date) -> dict[tuple[date, int], int]:
    """Customer messages plus orders per (day, hour), local time (two grouped queries)."""
    tz = timezone.get_current_timezone()
    since = datetime.combine(start, datetime.min.time(), tz)
    until = datetime.combine(today, datetime.min.time(), tz)
    counts: dict[tuple[date, int], int] = defaultdict(int)
    sources = (
        Message.objects.filter(conversation__owner=user, sender=Sender.USER, sent_at__gte=since, sent_at__lt=until),
        Order.objects.filter(owner=user, created_at__gte=since, created_at__lt=until),
    )
    for queryset, field in zip(sources, ("sent_at", "created_at"), strict=True):
        rows = (
            queryset.annotate(day=TruncDate(field, tzinfo=tz), hour=ExtractHour(field, tzinfo=tz))
            .values("day", "hour")
            .annotate(n=Count("id"))
            .order_by()
        )
        for row in rows:
            counts[(row["day"], row["hour"])] += row["n"]
    return counts


def _slot_label(weekday: int, hour: int) -> str:
    return f"{WEEKDAYS[weekday + 1]} {hour} h – {hour + 1} h"


def _mean_grid(counts: dict, *, first: date, weeks: int) -> np.ndarray:
    grid = np.zeros((7, 24))
    last = first + timedelta(weeks=weeks)
    for (day, hour), n in counts.items():
        if first <= day < last:
            grid[day.weekday(), hour] += n
    return grid / weeks


def _top(grid: np.ndarray, k: int) -> list[tuple[int, int]]:
    order = np.argsort(-grid, axis=None, kind="stable")[:k]
    return [(int(index // 24), int(index % 24)) for index in order if grid.flat[index] > 0]


def _heatmap(*, user, today: date, trend: float | None, history_days: int) -> dict:
    weeks = HEATMAP_WEEKS
    start = today - timedelta(weeks=weeks + 1)
    counts = _slot_counts(user=user, start=start, today=today)
    recent = _mean_grid(counts, first=today - timedelta(weeks=weeks), weeks=weeks)
    totals = (recent * weeks).round().astype(int)
    heat = {
        "cells": totals.tolist(),
        "max": int(totals.max()),
        "weeks": weeks,
        "basis": f"Messages de clients et commandes des {weeks} dernières semaines, par jour et par heure.",
        "busiest": [],
        "backtest": None,
    }
    if history_days < 28 or not totals.any():
        heat["missing"] = "Il faut au moins 4 semaines de messages ou de commandes pour annoncer les créneaux chargés."
        return heat
    factor = trend if trend and trend > 0 else 1.0
    heat["busiest"] = [
        {
            "day": WEEKDAYS[weekday + 1],
            "hour": hour,
            "label": _slot_label(weekday, hour),
            "expected": round(float(recent[weekday, hour]) * factor, 1),
        }
        for weekday, hour in _top(recent, BUSIEST_SLOTS)
    ]
    heat["missing"] = None
    # The same rule a week ago (the 8 weeks before last week) against what last week really was.
    before = _mean_grid(counts, first=today - timedelta(weeks=weeks + 1), weeks=weeks)
    last_week = _mean_grid(counts, first=today - timedelta(weeks=1), weeks=1)
    announced, busiest = _top(before, BUSIEST_SLOTS), set(_top(last_week, 5))
    if announced and busiest:
        hits = sum(slot in busiest for slot in announced)
        heat["backtest"] = {
            "hits": hits,
            "announced": len(announced),
            "sentence": f"La semaine dernière, {hits} des {len(announced)} créneaux annoncés "
            f"{'a' if hits <= 1 else 'ont'} été parmi les 5 plus chargés.",
        }
    return heat


# --- customers who are late ----------------------------------------------------------------------------

MIN_ORDERS = 6
RHYTHMS = ((8, "chaque semaine"), (16, "toutes les deux semaines"), (35, "chaque mois"))


def _late_customers(*, user, today: date) -> dict:
    tz = timezone.get_current_timezone()
    since = datetime.combine(today - timedelta(days=HISTORY_DAYS), datetime.min.time(), tz)
    rows = (
        Order.objects.filter(owner=user, created_at__gte=since)
        .exclude(status=OrderStatus.CANCELLED)
        .exclude(customer_phone="")
        .values_list("customer_phone", "customer_name", "conversation_id", "created_at")
        .order_by("created_at")
    )
    customers: dict[str, dict] = {}
    for phone, name, conversation_id, created_at in rows:
        customer = customers.setdefault(phone, {"days": [], "conversation_id": None})
        day = timezone.localtime(created_at, tz).date()
        if not customer["days"] or customer["days"][-1] != day:
            customer["days"].append(day)
        customer["name"] = name
        customer["conversation_id"] = conversation_id or customer["conversation_id"]
    late = []
    for phone, customer in customers.items():
        days = customer["days"]
        if len(days) < MIN_ORDERS:
            continue
        gaps = sorted((b - a).days for a, b in zip(days, days[1:], strict=False))
        every = statistics.median(gaps)
        # A rhythm, not chance: three gaps in four are at most 30 % longer than the usual one
        # (a walk-in customer's gaps vary far more, and is not « late »).
        if gaps[int(0.75 * (len(gaps) - 1))] > 1.3 * every:
            continue
        since_last = (today - days[-1]).days
        rhythm = next((label for limit, label in RHYTHMS if every <= limit), None)
        if rhythm is None or since_last <= max(every * 1.5, every + 3) or since_last > max(90, every * 4):
            continue
        late.append(
            {
                "name": customer["name"],
                "phone": phone,
                "conversation_id": customer["conversation_id"],
                "orders": len(days),
                "every_days": round(every),
                "rhythm": rhythm,
                "days_since": since_last,
                "last_order_on": days[-1].isoformat(),
            }
        )
    late.sort(key=lambda row: row["days_since"] / max(row["every_days"], 1), reverse=True)
    headlines = []
    for _limit, rhythm in RHYTHMS:
        group = [row for row in late if row["rhythm"] == rhythm]
        if group:
            shortest = min(row["days_since"] for row in group)
            who = "1 client commande" if len(group) == 1 else f"{len(group)} clients commandent"
            headlines.append(
                f"{who} {rhythm} et n'{'a' if len(group) == 1 else 'ont'} rien commandé depuis {shortest} jours ou plus"
            )
    return {
        "late": late[:50],
        "count": len(late),
        "headline": " ; ".join(headlines) + "." if headlines else "Aucun client régulier en retard.",
        "basis": "Clients qui ont passé au moins 6 commandes sur 12 mois à un rythme régulier (l'écart médian entre "
        "deux commandes) ; en retard quand il s'est écoulé une fois et demie ce rythme sans commande.",
    }


# --- the account's forecast ------------------------------------------------------------------------------


def forecast_build(*, user, now: datetime | None = None) -> dict:
    """The page's figures for ``user`` (no write). Five grouped queries plus the catalogue."""
    now = now or timezone.now()
    today = timezone.localdate(now)
    sales = _daily_sales(user=user, start=today - timedelta(days=HISTORY_DAYS), today=today)
    shop_days = sales.pop("")
    products = list(
        Product.objects.filter(owner=user).order_by("position", "id").values("sku", "name", "price", "unit")
    )
    data: dict = {"computed_at": now.isoformat(), "starts_on": today.isoformat(), "min_weeks": fc.MIN_DAYS // 7}
    history_days = (today - min(shop_days)).days if shop_days else 0
    data["history_days"] = history_days
    data["basis"] = (
        f"{_weeks_label(history_days)} de commandes (depuis le {_day_label(min(shop_days))})"
        if shop_days
        else "Aucune commande enregistrée."
    )
    trend = None
    if history_days >= fc.MIN_DAYS:
        first = min(shop_days)
        y = _series(shop_days, first=first, today=today, index=1)
        data["total"] = {"status": "ok", "basis": data["basis"], "missing": None} | _card(
            y, first=first, today=today, price=None, money=True
        )
        recent_week = y[-HEATMAP_WEEKS * 7 :].sum() / HEATMAP_WEEKS
        trend = data["total"]["next_7"]["revenue"] / recent_week if recent_week else None
        data["status"] = "ok"
        data["missing"] = None
        data["products"] = [_product_card(product, sales.get(product["sku"], {}), today=today) for product in products]
    else:
        data["status"] = "insufficient"
        data["missing"] = _missing(history_days)
        data["total"] = {"status": "insufficient", "basis": data["basis"], "missing": data["missing"]}
        data["products"] = [
            {
                "sku": p["sku"],
                "name": p["name"],
                "price": p["price"],
                "unit": p["unit"],
                "status": "insufficient",
                "basis": data["basis"],
                "missing": data["missing"],
            }
            for p in products
        ]
    data["heatmap"] = _heatmap(user=user, today=today, trend=trend, history_days=history_days)
    data["customers"] = _late_customers(user=user, today=today)
    return data


def forecast_compute(*, user, now: datetime | None = None) -> AccountForecast:
    """Compute and store the account's forecast (replacing the previous one)."""
    now = now or timezone.now()
    started = time.perf_counter()
    data = forecast_build(user=user, now=now)
    forecast, _ = AccountForecast.objects.update_or_create(
        owner=user,
        defaults={
            "computed_at": now,
            "starts_on": date.fromisoformat(data["starts_on"]),
            "data": data,
            "seconds": round(time.perf_counter() - started, 3),
        },
    )
    return forecast


def predictions_allowed(user) -> bool:
    return bool(plan_for(user).can_access_predictions)


@transaction.atomic
def restock_check(*, user, now: datetime | None = None, notify: bool = True) -> list[RestockAlert]:
    """Open an alert (and e-mail the owner, when their « alertes IA » switch is on) for each tracked
    product that runs out within ``RESTOCK_ALERT_DAYS`` at the forecast pace, unless one is open
    already; close the open alerts of products that no longer run out. Returns the new alerts."""
    now = now or timezone.now()
    if not predictions_allowed(user):
        return []
    forecast = AccountForecast.objects.filter(owner=user).first()
    products = list(Product.objects.filter(owner=user, stock_quantity__isnull=False))
    soon = {
        alert["product_id"]: alert
        for alert in restock_alerts_of(forecast=forecast, products=products, today=timezone.localdate(now))
        if alert["days_left"] < RESTOCK_ALERT_DAYS
    }
    open_alerts = {
        alert.product_id: alert for alert in RestockAlert.objects.filter(owner=user, resolved_at__isnull=True)
    }
    RestockAlert.objects.filter(pk__in=[a.pk for pid, a in open_alerts.items() if pid not in soon]).update(
        resolved_at=now
    )
    created = []
    wants_mail = None
    for product_id, alert in soon.items():
        if product_id in open_alerts:
            continue
        try:
            with transaction.atomic():
                row = RestockAlert.objects.create(
                    owner=user,
                    product_id=product_id,
                    runs_out_on=date.fromisoformat(alert["runs_out_on"]),
                    stock_quantity=alert["stock_quantity"],
                    message=alert["message"][:300],
                )
        except IntegrityError:
            continue  # a concurrent check opened it: told once
        if notify:
            if wants_mail is None:
                wants_mail = bool(user.adresse_email) and preferences_get_or_create(user=user).ai_alerts
            if wants_mail:
                text = RESTOCK_TEXT.format(
                    prenom=user.prenom or "",
                    message=alert["message"],
                    stock=alert["stock_quantity"],
                    unit=alert["unit"] or "unité(s)",
                    url=f"{settings.FRONTEND_URL.rstrip('/')}/dashboard/analytics",
                )
                subject = RESTOCK_SUBJECT.format(name=alert["name"])
                enqueue_on_commit(send_email, subject=subject, to=[user.adresse_email], text=text)
                row.notified_at = now
                row.save(update_fields=["notified_at"])
        created.append(row)
    return created
