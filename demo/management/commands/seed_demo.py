"""``manage.py seed_demo [--email ...] [--password ...]``: the verified pro demo account with
realistic sample data (SPEC.md section 3 shapes), created through the apps' own services.

Idempotent: the account is created once; each section (preferences, drivers, conversations,
deliveries, e-mails) is filled only while the account has none of it, so running it again changes
nothing. Dates are spread over the last 60 days so that the statistics have a trend to show.
Conversations go through ``message_receive``, so they count in the plan's monthly usage exactly
as real ones would. Prints the demo login (``make run`` calls it).
"""

import random
from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import User
from analytics.models import AccountForecast
from analytics.services import forecast_compute, restock_check
from campaigns.demo import campaigns_demo_seed
from catalog.models import Product
from conversations.models import Contact, Conversation, Sender
from conversations.services import conversation_mark_read, message_receive, message_send_by_ai, message_send_by_owner
from core.money import format_fcfa
from demo.aftersales import seed_aftersales
from demo.drivers_live import seed_drivers_live
from demo.history import HistoryCustomer, HistoryProduct, generate_history
from demo.mailbox import seed_mailbox
from emails.models import Email
from logistics.locations import PLACES
from logistics.models import PROGRESS, Delivery, DeliveryStatus, Driver, Priority
from logistics.services import delivery_schedule
from orders.models import PICKUP, Actor, Order, OrderEvent, OrderLine, OrderSequence, OrderSource
from orders.models import OrderStatus as S
from orders.services import format_reference, orders_from_deliveries
from preferences.services import preferences_get_or_create, preferences_update
from shop.selectors import shop_profile_get
from shop.services import shop_demo_load
from subscriptions.services import user_plan_set

from . import _demo_data as data

DEMO_EMAIL = "demo@flux-ia.ci"
DEMO_PASSWORD = "Akwaba2025"
HISTORY_DAYS = 60
# The demo shop's delivery fees (shop/demo/demo_shop.json); other places pick up at the shop.
ZONE_FEES = {
    "Treichville": 1000,
    "Marcory": 1000,
    "Koumassi": 1500,
    "Port-Bouët": 2000,
    "Plateau": 2500,
    "Cocody": 3000,
    "Adjamé": 3000,
    "Yopougon": 3500,
    "Abobo": 3500,
}


class Command(BaseCommand):
    help = (
        "Crée (une seule fois) le compte de démonstration pro vérifié avec des données d'exemple "
        "et affiche ses identifiants."
    )

    def add_arguments(self, parser):
        parser.add_argument("--email", default=DEMO_EMAIL, help=f"Adresse du compte (par défaut {DEMO_EMAIL}).")
        parser.add_argument("--password", default=DEMO_PASSWORD, help="Mot de passe à la création du compte.")

    def handle(self, *args, email, password, **options):
        email = email.strip().lower()
        with transaction.atomic():
            user, created = self.account(email, password)
            seeded = seed_account(user, now=timezone.now())
        if seeded:
            self.stdout.write("Données d'exemple ajoutées : " + ", ".join(seeded) + ".")
        else:
            self.stdout.write("Données d'exemple déjà présentes : rien à ajouter.")
        shown = password if created or user.check_password(password) else "(inchangé, choisi par le titulaire)"
        self.stdout.write(self.style.SUCCESS(f"Compte de démonstration : {email} / mot de passe : {shown}"))

    def account(self, email: str, password: str) -> tuple[User, bool]:
        user = User.objects.filter(adresse_email__iexact=email).first()
        created = user is None
        if created:
            user = User.objects.create_user(
                adresse_email=email,
                password=password,
                prenom="Aya",
                nom="Koné",
                pays="Côte d'Ivoire",
                numero_telephone="+2250701020304",
                whatsapp="+2250701020304",
                adresse="Avenue 16, rue 21, Treichville, Abidjan",
                nom_entreprise="Boutique Akwaba",
                secteur_activite="Commerce",
                compte_verifie=True,
                otp_verified=True,
            )
        elif not (user.compte_verifie and user.otp_verified):
            user.compte_verifie = user.otp_verified = True
            user.save(update_fields=["compte_verifie", "otp_verified"])
        if user.plan_abonnement != "pro" or user.statut_abonnement != "actif":
            user_plan_set(user=user, plan_code="pro", status="actif", source="command")
        return user, created


def seed_account(user, *, now) -> list[str]:
    """Fill each empty section of the account; return the names of the sections filled."""
    rng = random.Random(2025)  # the same sample data on every machine
    seeded = []
    preferences = preferences_get_or_create(user=user)
    if not preferences.business_description:
        preferences_update(user=user, business_description=data.BUSINESS_DESCRIPTION, tone="amical")
        seeded.append("préférences")
    if not Driver.objects.filter(owner=user).exists():
        seed_drivers(user)
        seeded.append("livreurs")
    if not Conversation.objects.filter(owner=user).exists():
        seed_conversations(user, now=now, rng=rng)
        seeded.append("conversations")
    if not Delivery.objects.filter(owner=user).exists():
        seed_deliveries(user, now=now, rng=rng)
        seeded.append("livraisons")
    if not Email.objects.filter(owner=user).exists():
        seed_emails(user, now=now)
        seeded.append("e-mails")
    if shop_profile_get(user=user) is None:
        shop_demo_load(user=user)
        seeded.append("boutique")
    if seed_mailbox(user, now=now):
        seeded.append("e-mails de démonstration")
    # The sample deliveries are orders dispatched to drivers: each gets its order (same amount,
    # status and date, so the statistics keep their figures).
    if orders_from_deliveries(user=user):
        seeded.append("commandes")
    if seed_drivers_live(user, now=now):
        seeded.append("suivi des livreurs")
    if not Order.objects.filter(owner=user, idempotency_key__startswith=HISTORY_KEY).exists():
        seed_order_history(user, now=now)
        seeded.append("historique des commandes")
    if seed_aftersales(user, now=now):
        seeded.append("avis clients")
    if not AccountForecast.objects.filter(owner=user).exists():
        # The forecasts the nightly task would compute, so the demo's Statistiques page shows them
        # at once (the restock alerts are recorded, not e-mailed: nobody reads the demo's mail).
        forecast_compute(user=user, now=now)
        restock_check(user=user, now=now, notify=False)
        seeded.append("prévisions")
    if campaigns_demo_seed(user=user, now=now):
        seeded.append("campagnes")
    return seeded


HISTORY_KEY = "demo-history-"
# The demo shop's products over the year: how often each sells, the bazin launched five weeks ago
# (too recent for a forecast), the sandals stopped ten weeks ago, the hand-woven Kita sells now and
# then. Stock counts on three products, one of them low, show the restock alert.
HISTORY_PRODUCTS = {
    "AK01": {"weight": 30},
    "AK02": {"weight": 0, "intermittent": True},
    "AK03": {"weight": 8},
    "AK04": {"weight": 6},
    "AK05": {"weight": 14},
    "AK06": {"weight": 10},
    "AK07": {"weight": 8, "stopped_days_ago": 70},
    "AK08": {"weight": 9, "launched_days_ago": 35},
    "AK09": {"weight": 20},
}
STOCK = {"AK01": 20, "AK05": 80, "AK09": 60}
REGULARS = 8  # the first demo customers order every week; five have not come back for a while


@transaction.atomic
def seed_order_history(user, *, now) -> None:
    """A year of orders (``demo.history``), stored with bulk inserts: the forecasts' history."""
    rng = random.Random(26)
    catalogue = {product.sku: product for product in Product.objects.filter(owner=user)}
    products = [
        HistoryProduct(sku=sku, name=catalogue[sku].name, price=catalogue[sku].price, **shape)
        for sku, shape in HISTORY_PRODUCTS.items()
        if sku in catalogue
    ]
    contacts = {
        contact.whatsapp_number: contact
        for contact in Contact.objects.filter(owner=user).select_related("conversation")
    }
    customers = [
        HistoryCustomer(
            name=name,
            phone=phone_for(index),
            commune=commune,
            every_days=7 if index < REGULARS else None,
            gone_days=rng.randint(12, 20) if index < 5 else None,
        )
        for index, (name, commune) in enumerate(data.CUSTOMERS)
    ]
    first_names = [name.split()[0] for name, _commune in data.CUSTOMERS]
    last_names = [name.split()[-1] for name, _commune in data.CUSTOMERS]
    communes = [commune for _name, commune in data.CUSTOMERS if PLACES[commune][0] == "Abidjan"]
    for index in range(300):
        customers.append(
            HistoryCustomer(
                name=f"{rng.choice(first_names)} {rng.choice(last_names)}",
                phone=phone_for(100 + index),
                commune=rng.choice(communes),
            )
        )
    history = generate_history(
        rng=rng, now=timezone.localtime(now) - timedelta(hours=3), products=products, customers=customers
    )
    history = [order for order in history if order.created_at < now - timedelta(days=2)]  # settled ones only
    numbers = {}
    for year in sorted({timezone.localtime(order.created_at).year for order in history}):
        sequence, _ = OrderSequence.objects.select_for_update().get_or_create(owner=user, year=year)
        count = sum(1 for order in history if timezone.localtime(order.created_at).year == year)
        numbers[year] = sequence.last_number
        sequence.last_number += count
        sequence.save(update_fields=["last_number"])
    orders = []
    for index, item in enumerate(history):
        year = timezone.localtime(item.created_at).year
        numbers[year] += 1
        contact = contacts.get(item.customer.phone)
        pickup = item.pickup or item.customer.commune not in ZONE_FEES
        fee = 0 if pickup else ZONE_FEES[item.customer.commune]
        status = S.CANCELLED if item.cancelled else (S.PICKED_UP if pickup else S.DELIVERED)
        orders.append(
            Order(
                owner=user,
                reference=format_reference(year, numbers[year]),
                year=year,
                number=numbers[year],
                contact=contact,
                conversation=getattr(contact, "conversation", None) if contact else None,
                customer_name=item.customer.name,
                customer_phone=item.customer.phone,
                zone=PICKUP if pickup else item.customer.commune,
                commune="" if pickup else item.customer.commune,
                subtotal=item.subtotal,
                delivery_fee=fee,
                total=item.subtotal + fee,
                payment_method=rng.choice(["cash", "cash", "wave", "orange_money", "mtn_momo"]),
                status=status,
                source=OrderSource.ASSISTANT if contact else OrderSource.OWNER,
                cancel_reason="Le client a annulé." if item.cancelled else "",
                idempotency_key=f"{HISTORY_KEY}{index}",
                created_at=item.created_at,
            )
        )
    Order.objects.bulk_create(orders, batch_size=1000)
    # ``updated_at`` is auto_now: put each order's last change back on its day.
    Order.objects.filter(owner=user, idempotency_key__startswith=HISTORY_KEY).update(updated_at=F("created_at"))
    lines, events = [], []
    for order, item in zip(orders, history, strict=True):
        for position, (product, quantity) in enumerate(item.lines):
            lines.append(
                OrderLine(
                    order=order,
                    position=position,
                    sku=product.sku,
                    name=product.name,
                    unit_price=product.price,
                    quantity=quantity,
                    line_total=product.price * quantity,
                )
            )
        events.append(OrderEvent(order=order, from_status="", to_status=S.CONFIRMED, actor=Actor.SYSTEM))
        events.append(OrderEvent(order=order, from_status=S.CONFIRMED, to_status=order.status, actor=Actor.SYSTEM))
    OrderLine.objects.bulk_create(lines, batch_size=2000)
    OrderEvent.objects.bulk_create(events, batch_size=2000)
    for sku, quantity in STOCK.items():
        Product.objects.filter(owner=user, sku=sku).update(stock_quantity=quantity)


def phone_for(index: int) -> str:
    return f"+22507{48000000 + index * 1371:08d}"


def seed_drivers(user) -> None:
    for name, phone, rating, commune in data.DRIVERS:
        _city, lat, lng = PLACES[commune]
        Driver.objects.create(
            owner=user, name=name, phone=phone, rating=rating, commune=commune, latitude=lat, longitude=lng
        )


def _fill(text: str, product: tuple[str, int], commune: str) -> str:
    name, price = product
    return text.format(product=name.lower(), price=format_fcfa(price), commune=commune)


def seed_conversations(user, *, now, rng: random.Random) -> None:
    """One conversation per customer, started 0-60 days ago, the newest ones still unread."""
    for index, (name, commune) in enumerate(data.CUSTOMERS):
        started = now - timedelta(
            days=HISTORY_DAYS * (len(data.CUSTOMERS) - 1 - index) / len(data.CUSTOMERS),
            hours=rng.randint(1, 9),
            minutes=rng.randint(0, 59),
        )
        product = rng.choice(data.PRODUCTS)
        script = data.SCRIPTS[index % len(data.SCRIPTS)]
        at = started
        conversation = None
        for sender, text, category, accurate in script:
            at += timedelta(
                minutes=rng.randint(1, 25) if sender == "user" else rng.randint(0, 2), seconds=rng.randint(5, 50)
            )
            content = _fill(text, product, commune)
            if sender == Sender.USER:
                conversation = message_receive(
                    user=user, whatsapp_number=phone_for(index), name=name, content=content, category=category, at=at
                ).conversation
            elif sender == Sender.AI:
                message_send_by_ai(
                    conversation=conversation, content=content, category=category, accurate=accurate, at=at
                )
            else:
                message_send_by_owner(user=user, conversation=conversation, content=content, at=at)
        # The owner has read everything except the last few days' conversations.
        if now - started > timedelta(days=7):
            conversation_mark_read(conversation=conversation)
        if index % 5 == 3:
            Conversation.objects.filter(pk=conversation.pk).update(mode="human")  # the owner took over


def seed_deliveries(user, *, now, rng: random.Random) -> None:
    """About 50 orders over 60 days: the older ones delivered, today's moving through the statuses.
    Every other conversation's customer ordered (same number), which the conversion rate reads."""
    drivers = list(Driver.objects.filter(owner=user).order_by("id"))
    orders = []
    for index, (name, commune) in enumerate(data.CUSTOMERS):
        if index % 2 == 0:
            started = Conversation.objects.get(owner=user, contact__whatsapp_number=phone_for(index)).created_at
            orders.append((name, phone_for(index), commune, started + timedelta(minutes=rng.randint(20, 240))))
    for _extra in range(28):
        customer = rng.randrange(len(data.CUSTOMERS))
        name, commune = data.CUSTOMERS[customer]
        when = now - timedelta(days=rng.uniform(0, HISTORY_DAYS))
        orders.append((name, phone_for(customer), commune, when))
    for _today in range(9):  # the day's orders, still moving through the statuses
        customer = rng.randrange(len(data.CUSTOMERS))
        name, commune = data.CUSTOMERS[customer]
        orders.append((name, phone_for(customer), commune, now - timedelta(hours=rng.uniform(0.5, 30))))
    orders.sort(key=lambda order: order[3])
    for name, phone, commune, created_at in orders:
        if created_at > now:
            created_at = now - timedelta(minutes=5)
        items = rng.sample(data.PRODUCTS, k=rng.randint(1, 3))
        quantities = [rng.randint(1, 3) for _ in items]
        products = [f"{qty} × {product}" for qty, (product, _price) in zip(quantities, items, strict=True)]
        amount = sum(qty * price for qty, (_product, price) in zip(quantities, items, strict=True))
        city, lat, lng = PLACES[commune]
        # A little scatter around the commune's centre, so rounds have something to order.
        delivery = delivery_schedule(
            user=user,
            customer_name=name,
            customer_phone=phone,
            address=data.ADDRESSES[commune],
            commune=commune,
            products=products,
            amount=amount,
            created_at=created_at,
            priority=rng.choice([Priority.HIGH, Priority.MEDIUM, Priority.MEDIUM, Priority.LOW]),
            latitude=round(lat + rng.uniform(-0.012, 0.012), 6),
            longitude=round(lng + rng.uniform(-0.012, 0.012), 6),
        )
        age = now - created_at
        if age > timedelta(days=2):
            status = DeliveryStatus.DELIVERED
        else:
            status = rng.choice(list(DeliveryStatus)[:3])
        # The random draws are the same as before this data was made coherent, so the sample
        # amounts, dates and statuses (and the statistics computed from them) stay the same.
        drawn_driver = rng.choice(drivers) if status != DeliveryStatus.PENDING or rng.random() < 0.5 else None
        hours = rng.randint(3, 24) if city == "Abidjan" else 48
        # A driver carries what is en route (and carried what was delivered): the Logistique page
        # derives a driver's status from his deliveries en route, so a delivery still at the shop
        # has no driver yet and no driver shows « Disponible » with deliveries in progress.
        in_hands = status in (DeliveryStatus.EN_ROUTE, DeliveryStatus.DELIVERED)
        driver = (drawn_driver or drivers[0]) if in_hands else None
        if status == DeliveryStatus.DELIVERED:
            estimated_at = created_at + timedelta(hours=hours)
        else:  # still open: the announced time is ahead of now, never already past
            estimated_at = now + timedelta(minutes=10 * hours if city == "Abidjan" else 60 * hours)
        changes = {
            "status": status,
            "progress": PROGRESS[status],
            "driver": driver,
            "estimated_at": estimated_at,
            "updated_at": min(now, created_at + timedelta(hours=rng.randint(1, 20))),
        }
        if status == DeliveryStatus.DELIVERED:
            changes["delivered_at"] = min(now, estimated_at)
            changes["updated_at"] = changes["delivered_at"]
        elif status == DeliveryStatus.EN_ROUTE and rng.random() < 0.5:
            changes["delay_note"] = rng.choice(data.DELAY_NOTES)
            changes["delay_reported_at"] = now - timedelta(minutes=rng.randint(5, 60))
            changes["estimated_at"] = now + timedelta(minutes=rng.randint(30, 120))
        # Seed history directly: the status services only move a delivery one step at a time, now.
        Delivery.objects.filter(pk=delivery.pk).update(**changes)


def seed_emails(user, *, now) -> None:
    Email.objects.bulk_create(
        [
            Email(
                owner=user,
                sender_name=sender,
                sender_email=address,
                subject=subject,
                preview=preview,
                ai_summary=summary,
                category=category,
                priority=priority,
                status=status,
                received_at=now - timedelta(hours=hours_ago),
            )
            for sender, address, subject, preview, summary, category, priority, status, hours_ago in data.EMAILS
        ]
    )
