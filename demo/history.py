"""A year of realistic orders for a shop, as plain records (no database): seed_demo stores them for
the demo account and the forecast benchmark for its test accounts.

What makes it realistic for a shop in Abidjan: more orders on Friday and Saturday, fewer on Sunday;
paydays at the end of the month (the 25th to the 3rd sell more, the middle of the month less);
holidays (New Year, Easter Monday, Independence Day on 7 August, Tabaski, Christmas: busy the days
before, quiet on the day); slow growth over the year; a product launched late, one that stopped
selling, an expensive one that sells now and then (intermittent); weekly regulars, some of whom
have not come back for a while. Everything is drawn from ``rng`` so the history is the same on
every machine.
"""

import math
import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

# Day-of-week factors, Monday first.
WEEKDAY_FACTOR = (0.85, 0.8, 0.9, 1.0, 1.25, 1.6, 0.6)
# Approximate dates of the holidays that move sales (the Muslim ones move each year).
HOLIDAYS = {(1, 1), (4, 21), (8, 7), (12, 25), (6, 6), (3, 30)}
# Hours of the day orders come in, with their weights (lunch and evening peaks).
HOURS = list(range(8, 22))
HOUR_WEIGHTS = [2, 3, 4, 6, 9, 8, 5, 4, 4, 5, 8, 9, 6, 3]


@dataclass
class HistoryProduct:
    sku: str
    name: str
    price: int
    weight: float  # share of the order lines
    launched_days_ago: int | None = None  # a late launch
    stopped_days_ago: int | None = None  # stopped selling
    intermittent: bool = False  # sells now and then, a few units at once


@dataclass
class HistoryCustomer:
    name: str
    phone: str
    commune: str
    every_days: int | None = None  # a regular's rhythm
    gone_days: int | None = None  # a regular who has not ordered for this many days


@dataclass
class HistoryOrder:
    created_at: datetime
    customer: HistoryCustomer
    lines: list[tuple[HistoryProduct, int]] = field(default_factory=list)
    cancelled: bool = False
    pickup: bool = False

    @property
    def subtotal(self) -> int:
        return sum(product.price * quantity for product, quantity in self.lines)


def _month_day(day: date) -> tuple[int, int]:
    return day.month, day.day


def day_factor(day: date, *, first_day: date) -> float:
    """Expected orders of ``day`` relative to a plain day (weekday, payday, holiday, growth, season)."""
    factor = WEEKDAY_FACTOR[day.weekday()]
    if day.day >= 25 or day.day <= 3:
        factor *= 1.35
    elif 10 <= day.day <= 20:
        factor *= 0.85
    if (day.month, day.day) in HOLIDAYS:
        factor *= 0.4
    elif any(
        ((day + timedelta(days=ahead)).month, (day + timedelta(days=ahead)).day) in HOLIDAYS for ahead in (1, 2, 3)
    ):
        factor *= 1.7
    factor *= 1 + 0.25 * (day - first_day).days / 365  # the shop grows
    factor *= 1 + 0.15 * math.cos(2 * math.pi * (day.timetuple().tm_yday - 355) / 365)  # festive season
    return factor


def _poisson(rng: random.Random, mean: float) -> int:
    # Knuth's method: fine for the small means of a shop's day.
    limit, count, product = math.exp(-mean), 0, rng.random()
    while product > limit:
        count += 1
        product *= rng.random()
    return count


def generate_history(
    *,
    rng: random.Random,
    now: datetime,
    products: list[HistoryProduct],
    customers: list[HistoryCustomer],
    days: int = 365,
    orders_per_day: float = 6.0,
) -> list[HistoryOrder]:
    """Orders of the ``days`` days before ``now`` (today's up to ``now``), oldest first."""
    today = now.date()
    first_day = today - timedelta(days=days)
    walk_ins = [customer for customer in customers if customer.every_days is None]
    orders: list[HistoryOrder] = []
    for offset in range(days + 1):
        day = first_day + timedelta(days=offset)
        age = (today - day).days
        sellable = [
            product
            for product in products
            if (product.launched_days_ago is None or age <= product.launched_days_ago)
            and (product.stopped_days_ago is None or age > product.stopped_days_ago)
            and not product.intermittent
        ]
        for _ in range(_poisson(rng, orders_per_day * day_factor(day, first_day=first_day))):
            lines = _lines(rng, sellable)
            if lines:
                orders.append(_order(rng, day, rng.choice(walk_ins), lines, now.tzinfo))
        for product in products:
            if product.intermittent and rng.random() < 0.12 * WEEKDAY_FACTOR[day.weekday()]:
                orders.append(_order(rng, day, rng.choice(walk_ins), [(product, rng.choice([1, 1, 2, 3]))], now.tzinfo))
    for customer in customers:
        if customer.every_days is None:
            continue
        last_day = today - timedelta(days=customer.gone_days or 0)
        day = first_day + timedelta(days=rng.randrange(customer.every_days))
        everyday = [product for product in products if not product.intermittent and product.stopped_days_ago is None]
        while day <= last_day:
            orders.append(_order(rng, day, customer, [(rng.choice(everyday[:3]), rng.randint(1, 2))], now.tzinfo))
            day += timedelta(days=customer.every_days + rng.choice([-1, 0, 0, 0, 1]))
    orders = [order for order in orders if order.created_at <= now]
    orders.sort(key=lambda order: order.created_at)
    return orders


def _lines(rng: random.Random, sellable: list[HistoryProduct]) -> list[tuple[HistoryProduct, int]]:
    if not sellable:
        return []
    count = 1 if rng.random() < 0.7 else 2
    chosen = []
    for _ in range(count):
        product = rng.choices(sellable, weights=[product.weight for product in sellable])[0]
        if product not in chosen:
            chosen.append(product)
    return [(product, 1 if rng.random() < 0.75 else rng.randint(2, 3)) for product in chosen]


def _order(rng: random.Random, day: date, customer: HistoryCustomer, lines, tz) -> HistoryOrder:
    hour = rng.choices(HOURS, weights=HOUR_WEIGHTS)[0]
    if day.weekday() == 5 and rng.random() < 0.3:
        hour = rng.choice([9, 10, 11])  # Saturday mornings: the market crowd
    created_at = datetime(day.year, day.month, day.day, hour, rng.randrange(60), rng.randrange(60), tzinfo=tz)
    return HistoryOrder(
        created_at=created_at,
        customer=customer,
        lines=lines,
        cancelled=rng.random() < 0.04,
        pickup=rng.random() < 0.25,
    )
