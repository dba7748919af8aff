"""Writes of the e-mail assistant: connecting a mailbox, syncing it, alerting the owner, the daily
digest, marking read and turning an order mail into an order.

The sync (``mailbox_sync``) is safe to run twice at once and to retry: a lease on the mailbox row
lets one run at a time, each mail is stored once (the unique constraints of ``Email``), and the
highest UID stored moves forward after every batch, so a dropped connection loses nothing already
fetched. One mail that cannot be read never stops the others: it is stored with a French notice.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from core.exceptions import ApplicationError
from core.tasks import enqueue_on_commit, send_email
from integrations.crypto import InvalidToken, decrypt_token, encrypt_token

from . import imap
from .models import SET_ASIDE, Category, Email, EmailStatus, MailboxConnection, Security
from .selectors import PRESETS

logger = logging.getLogger("flux.emails")

FIRST_SYNC_DAYS = 14
SYNC_INTERVAL = timedelta(minutes=5)
LEASE = timedelta(minutes=10)
BACKOFF_BASE = timedelta(minutes=2)
BACKOFF_MAX = timedelta(hours=6)
MAX_MAIL_BYTES = 10 * 1024 * 1024  # over this, only the header is read
EXCERPT_CHARS = 4000
ALERT_RECENT = timedelta(hours=24)  # an urgent mail older than this (first sync's backlog) is not pushed
ALERT_MAX_LISTED = 5

MSG_PLAN = "L'assistant e-mail est inclus dans les plans Pro Business et Entreprise."
MSG_NO_MAILBOX = "Aucune boîte e-mail n'est connectée."
MSG_PASSWORD_REQUIRED = "Saisissez le mot de passe (ou le mot de passe d'application) de la boîte."
MSG_PASSWORD_LOST = "Le mot de passe enregistré ne peut plus être lu : saisissez-le à nouveau."
MSG_ALREADY_ORDERED = "La commande de cet e-mail a déjà été créée ({reference})."
MSG_UNKNOWN_PRODUCT = "Produit inconnu dans votre catalogue : choisissez un produit de la liste."
MSG_HEADERS_ONLY = "E-mail de {size} : trop lourd pour être lu en entier, seuls l'objet et l'expéditeur ont été lus."
MSG_UNREADABLE = "Contenu illisible : l'e-mail est enregistré sans résumé."
MSG_BACKLOG = "{count} e-mails restent à lire : ils arrivent au prochain passage."

ALERT_SUBJECT = "E-mail urgent : {subject}"
ALERT_SUBJECT_MANY = "{count} e-mails urgents dans votre boîte"
ALERT_TEXT = """Bonjour {prenom},

Flux IA a repéré {intro} dans votre boîte {address} :

{items}

Tous vos e-mails résumés : {url}

Vous recevez ce message parce que les « Alertes IA » sont activées dans votre profil.
"""
DIGEST_SUBJECT = "Vos e-mails du jour : {headline}"
DIGEST_TEXT = """Bonjour {prenom},

Voici le résumé de vos e-mails des dernières 24 heures : {headline}.

{items}

Tous vos e-mails résumés : {url}
"""

# Which plan flag grants the e-mail assistant. The pricing cards sell « Assistant email intelligent »
# with Pro Business (and Enterprise), not with Starter: today exactly the plans with predictions.
PLAN_FLAG = "can_use_email_assistant"
PLAN_FLAG_FALLBACK = "can_access_predictions"


def email_assistant_allowed(user) -> bool:
    from subscriptions.selectors import plan_for

    plan = plan_for(user)
    value = getattr(plan, PLAN_FLAG, None)
    if value is None:
        value = getattr(plan, PLAN_FLAG_FALLBACK)
    return bool(value)


def _require_plan(user) -> None:
    if not email_assistant_allowed(user):
        raise ApplicationError(MSG_PLAN, code="permission_denied", status_code=403)


def _settings_of(mailbox: MailboxConnection, password: str | None = None) -> imap.ImapSettings:
    if password is None:
        try:
            password = decrypt_token(mailbox.password_encrypted)
        except (InvalidToken, ValueError):
            raise ApplicationError(MSG_PASSWORD_LOST, code="mailbox_password_lost") from None
    return imap.ImapSettings(
        host=mailbox.host, port=mailbox.port, security=mailbox.security, address=mailbox.address, password=password
    )


# --- connecting ------------------------------------------------------------------------------------


def mailbox_connect(
    *,
    user,
    host: str,
    port: int,
    security: str,
    address: str,
    password: str = "",
    provider: str = "autre",
    digest_hour: int | None = 18,
) -> MailboxConnection:
    """Try the login, then save the settings (password encrypted). A blank password keeps the stored
    one (changing the digest hour needs no password). A different server or address starts over."""
    _require_plan(user)
    existing = MailboxConnection.objects.filter(owner=user).first()
    host, address = host.strip().lower(), address.strip()
    if not password:
        if existing is None:
            raise ApplicationError(
                MSG_PASSWORD_REQUIRED, code="validation_error", errors={"password": [MSG_PASSWORD_REQUIRED]}
            )
        password = _settings_of(existing).password
    candidate = imap.ImapSettings(host=host, port=port, security=security, address=address, password=password)
    try:
        imap.login_check(candidate)
    except imap.ImapFailure as failure:
        raise ApplicationError(
            failure.message, code="mailbox_login_failed", errors={"mailbox": [failure.message]}
        ) from None
    with transaction.atomic():
        mailbox = existing or MailboxConnection(owner=user)
        same_account = existing is not None and existing.account_key == f"{address.lower()}@{host}"[:300]
        mailbox.provider = provider if provider in PRESETS else "autre"
        mailbox.host, mailbox.port, mailbox.security, mailbox.address = host, port, security, address
        mailbox.password_encrypted = encrypt_token(password)
        mailbox.digest_hour = digest_hour
        mailbox.last_error, mailbox.last_error_at = "", None
        mailbox.consecutive_failures = 0
        mailbox.next_attempt_at = None
        if not same_account:
            mailbox.uidvalidity, mailbox.last_uid, mailbox.last_synced_at = None, 0, None
            mailbox.last_run_fetched, mailbox.last_run_notice = 0, ""
        mailbox.save()
        _enqueue_sync(mailbox)
    logger.info("Mailbox connected for account %s (%s)", user.pk, host)
    return mailbox


def mailbox_disconnect(*, user) -> None:
    """Forget the settings and the password; the e-mails already summarised stay."""
    deleted, _ = MailboxConnection.objects.filter(owner=user).delete()
    if not deleted:
        raise ApplicationError(MSG_NO_MAILBOX, code="not_found", status_code=404)


def mailbox_resync(*, user) -> MailboxConnection:
    """Sync now (the backoff is skipped: the owner asked)."""
    _require_plan(user)
    mailbox = MailboxConnection.objects.filter(owner=user).first()
    if mailbox is None:
        raise ApplicationError(MSG_NO_MAILBOX, code="not_found", status_code=404)
    mailbox.next_attempt_at = None
    mailbox.save(update_fields=["next_attempt_at", "updated_at"])
    _enqueue_sync(mailbox)
    return mailbox


def _enqueue_sync(mailbox: MailboxConnection) -> None:
    from .tasks import mailbox_sync_one

    enqueue_on_commit(mailbox_sync_one, mailbox_id=mailbox.pk)


# --- syncing ---------------------------------------------------------------------------------------


@dataclass
class SyncResult:
    status: str  # "ok" | "failed" | "busy" | "gone" | "not_allowed"
    fetched: int = 0
    stored: int = 0
    remaining: int = 0
    error: str = ""


def max_per_run() -> int:
    return int(getattr(settings, "EMAILS_SYNC_MAX_PER_RUN", 200))


def backoff_delay(failures: int) -> timedelta:
    return min(BACKOFF_BASE * (2 ** max(failures - 1, 0)), BACKOFF_MAX)


def _take_lease(mailbox_id: int, now: datetime) -> bool:
    """Atomic: only one run holds a mailbox (two workers, a resync during the beat's run…)."""
    return bool(
        MailboxConnection.objects.filter(pk=mailbox_id)
        .filter(Q(locked_until__isnull=True) | Q(locked_until__lt=now))
        .update(locked_until=now + LEASE)
    )


def _release_lease(mailbox_id: int) -> None:
    MailboxConnection.objects.filter(pk=mailbox_id).update(locked_until=None)


def mailboxes_due(*, now: datetime | None = None) -> list[int]:
    now = now or timezone.now()
    due = MailboxConnection.objects.filter(Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
    due = due.filter(Q(locked_until__isnull=True) | Q(locked_until__lt=now)).select_related("owner")
    return [mailbox.pk for mailbox in due if email_assistant_allowed(mailbox.owner)]


def mailbox_sync(*, mailbox_id: int, now: datetime | None = None) -> SyncResult:
    now = now or timezone.now()
    if not _take_lease(mailbox_id, now):
        exists = MailboxConnection.objects.filter(pk=mailbox_id).exists()
        return SyncResult(status="busy" if exists else "gone")
    try:
        mailbox = MailboxConnection.objects.select_related("owner").get(pk=mailbox_id)
        if not email_assistant_allowed(mailbox.owner):
            return SyncResult(status="not_allowed")
        try:
            result = _sync(mailbox, now=now)
        except (imap.ImapFailure, ApplicationError) as failure:
            _record_failure(mailbox, failure.message, now=now)
            return SyncResult(status="failed", error=failure.message)
        _alert_urgent(mailbox, now=now)
        return result
    finally:
        _release_lease(mailbox_id)


def _record_failure(mailbox: MailboxConnection, message: str, *, now: datetime) -> None:
    failures = mailbox.consecutive_failures + 1
    MailboxConnection.objects.filter(pk=mailbox.pk).update(
        last_error=message[:300],
        last_error_at=now,
        consecutive_failures=failures,
        next_attempt_at=now + backoff_delay(failures),
    )
    logger.info("Mailbox %s sync failed (%s in a row)", mailbox.pk, failures)


def _sync(mailbox: MailboxConnection, *, now: datetime) -> SyncResult:
    products = _catalogue(mailbox.owner)
    cap = max_per_run()
    fetched = 0
    before = Email.objects.filter(owner_id=mailbox.owner_id).count()
    with imap.ImapSession(_settings_of(mailbox), timeout=60) as session:
        restart = mailbox.uidvalidity is not None and mailbox.uidvalidity != session.uidvalidity
        if mailbox.uidvalidity is None or restart:
            # First connection, or the server renumbered the box: the last 14 days again (the
            # Message-ID constraint keeps the mails already stored from coming twice).
            since = (now - timedelta(days=FIRST_SYNC_DAYS)).date()
            uids = session.uids_since(since)
            mailbox.last_uid = 0
        else:
            uids = session.uids_after(mailbox.last_uid)
        mailbox.uidvalidity = session.uidvalidity
        MailboxConnection.objects.filter(pk=mailbox.pk).update(
            uidvalidity=session.uidvalidity, last_uid=mailbox.last_uid
        )
        batch, remaining = uids[:cap], max(len(uids) - cap, 0)
        notices: list[str] = []
        for start in range(0, len(batch), 50):
            chunk = batch[start : start + 50]
            rows = []
            for item in session.fetch(chunk, max_size=MAX_MAIL_BYTES):
                fetched += 1
                rows.append(_email_row(mailbox, item, products=products, now=now))
            # ON CONFLICT DO NOTHING: a mail stored by an earlier or overlapping run is skipped.
            Email.objects.bulk_create(rows, ignore_conflicts=True)
            notices += [row.notice for row in rows if row.notice]
            mailbox.last_uid = max(chunk)
            MailboxConnection.objects.filter(pk=mailbox.pk).update(last_uid=mailbox.last_uid)
    stored = Email.objects.filter(owner_id=mailbox.owner_id).count() - before
    if remaining:
        notice = MSG_BACKLOG.format(count=remaining)
    else:
        notice = notices[-1] if notices else ""
    MailboxConnection.objects.filter(pk=mailbox.pk).update(
        last_synced_at=now,
        last_error="",
        last_error_at=None,
        consecutive_failures=0,
        next_attempt_at=now if remaining else now + SYNC_INTERVAL,
        last_run_fetched=fetched,
        last_run_notice=notice[:300],
    )
    return SyncResult(status="ok", fetched=fetched, stored=stored, remaining=remaining)


def _catalogue(user) -> list[tuple[int, str]]:
    from catalog.models import Product

    return list(Product.objects.filter(owner=user).values_list("id", "name"))


def _size_label(size: int) -> str:
    megabytes = size / (1024 * 1024)
    return f"{megabytes:.0f} Mo" if megabytes >= 1 else f"{max(size // 1024, 1)} Ko"


def _email_row(mailbox: MailboxConnection, item: imap.FetchedMail, *, products, now: datetime) -> Email:
    """Parse and understand one fetched mail; never raises (a mail that fails is kept with a notice)."""
    from .mime import parse_mail

    notice = ""
    parsed = parse_mail(item.raw)
    if item.headers_only:
        notice = MSG_HEADERS_ONLY.format(size=_size_label(item.size))
    try:
        from .understanding import understand

        verdict = understand(parsed, products=products)
        category, priority, summary = verdict.category, verdict.priority, verdict.summary
        lines = [{"product_id": x.product_id, "name": x.name, "quantity": x.quantity} for x in verdict.order_lines]
    except Exception:  # noqa: BLE001 - one unreadable mail never stops the sync
        logger.exception("Mailbox %s: UID %s could not be understood", mailbox.pk, item.uid)
        category, priority, summary, lines = Category.AUTRE, "medium", "", []
        notice = notice or MSG_UNREADABLE
    if category not in Category.values:
        category = Category.AUTRE
    text = parsed.text or ""
    return Email(
        owner_id=mailbox.owner_id,
        mailbox=mailbox,
        imap_account=mailbox.account_key,
        uidvalidity=mailbox.uidvalidity,
        uid=item.uid,
        message_id=(parsed.message_id or "")[:500],
        sender_name=(parsed.sender_name or parsed.sender_email or "Expéditeur inconnu")[:150],
        sender_email=_valid_address(parsed.sender_email),
        subject=(parsed.subject or "(sans objet)")[:255],
        preview=" ".join(text.split())[:300],
        received_at=parsed.date or now,
        priority=priority,
        status=EmailStatus.AI_PROCESSED if summary else EmailStatus.UNREAD,
        ai_summary=summary,
        category=category,
        body_excerpt=text[:EXCERPT_CHARS],
        attachments=[
            {"name": a.name[:200], "size": a.size, "content_type": a.content_type} for a in parsed.attachments[:50]
        ],
        order_lines=lines,
        size=min(item.size or parsed.size, 2**31 - 1),
        notice=notice[:300],
    )


def _valid_address(value: str) -> str:
    from django.core.exceptions import ValidationError
    from django.core.validators import validate_email

    value = (value or "")[:254]
    try:
        validate_email(value)
    except ValidationError:
        return ""
    return value


# --- alerts and digest --------------------------------------------------------------------------------


def _frontend(path: str) -> str:
    return f"{settings.FRONTEND_URL.rstrip('/')}{path}"


def _owner_whatsapp_contact(user):
    """The owner's own WhatsApp contact on the shop's number, when the owner wrote to it (only then
    can a free-form message reach them: Meta's 24 h window)."""
    from conversations.models import Contact
    from core.phone import phone_to_e164

    numbers = set()
    for raw in (getattr(user, "whatsapp", ""), getattr(user, "numero_telephone", "")):
        try:
            if raw:
                numbers.add(phone_to_e164(str(raw)))  # numero_telephone is a PhoneNumber object
        except Exception:  # noqa: BLE001, S112 - an unparsable number is simply not reachable
            continue
    if not numbers:
        return None
    return Contact.objects.filter(owner=user, whatsapp_number__in=numbers).first()


def _alert_urgent(mailbox: MailboxConnection, *, now: datetime) -> int:
    """Push the new urgent mails (received in the last 24 h) once: e-mail always, WhatsApp too when
    the owner's number can be reached. Respects the « Alertes IA » switch; returns how many."""
    from preferences.services import preferences_get_or_create

    pending = Email.objects.filter(
        mailbox=mailbox, priority="high", alerted_at__isnull=True, received_at__gte=now - ALERT_RECENT
    ).exclude(category__in=SET_ASIDE)
    pending = list(pending.order_by("-received_at", "-id")[:50])
    if not pending:
        return 0
    owner = mailbox.owner
    Email.objects.filter(pk__in=[e.pk for e in pending]).update(alerted_at=now)
    if not preferences_get_or_create(user=owner).ai_alerts:
        return 0
    items = "\n\n".join(
        f"• {e.subject} — de {e.sender_name} ({timezone.localtime(e.received_at):%d/%m à %H:%M})\n"
        f"  {e.ai_summary or e.preview}"
        for e in pending[:ALERT_MAX_LISTED]
    )
    if len(pending) > ALERT_MAX_LISTED:
        items += f"\n\n… et {len(pending) - ALERT_MAX_LISTED} autre(s)."
    intro = "un e-mail urgent" if len(pending) == 1 else f"{len(pending)} e-mails urgents"
    subject = (
        ALERT_SUBJECT.format(subject=pending[0].subject)
        if len(pending) == 1
        else ALERT_SUBJECT_MANY.format(count=len(pending))
    )
    text = ALERT_TEXT.format(
        prenom=owner.prenom or "", intro=intro, address=mailbox.address, items=items, url=_frontend("/dashboard/emails")
    )
    if owner.adresse_email:
        enqueue_on_commit(send_email, subject=subject, to=[owner.adresse_email], text=text)
    contact = _owner_whatsapp_contact(owner)
    if contact is not None:
        from .tasks import email_alert_whatsapp

        short = f"Flux IA : {intro}.\n\n{items}"[:1500]
        enqueue_on_commit(email_alert_whatsapp, contact_id=contact.pk, text=short)
    return len(pending)


def _abidjan_now(now: datetime) -> datetime:
    return timezone.localtime(now)


def digest_counts(*, user, since: datetime) -> dict[str, int]:
    rows = Email.objects.filter(owner=user, received_at__gte=since).exclude(category__in=SET_ASIDE)
    urgent = rows.filter(priority="high").count()
    orders = rows.filter(category=Category.COMMANDE).count()
    total = rows.count()
    others = rows.exclude(priority="high").exclude(category=Category.COMMANDE).count()
    return {"urgent": urgent, "orders": orders, "others": others, "total": total}


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def digest_headline(counts: dict[str, int]) -> str:
    """« 3 e-mails urgents, 2 commandes, 5 autres »."""
    return ", ".join(
        [
            _plural(counts["urgent"], "e-mail urgent", "e-mails urgents"),
            _plural(counts["orders"], "commande", "commandes"),
            _plural(counts["others"], "autre", "autres"),
        ]
    )


def digests_send(*, now: datetime | None = None) -> int:
    """Send each owner's digest once a day, at or after the hour they chose (Abidjan time)."""
    now = now or timezone.now()
    local = _abidjan_now(now)
    today: date = local.date()
    sent = 0
    due = MailboxConnection.objects.filter(digest_hour__isnull=False, digest_hour__lte=local.hour).filter(
        Q(digest_last_sent_on__isnull=True) | Q(digest_last_sent_on__lt=today)
    )
    for mailbox in due.select_related("owner"):
        # Claim the day first: two beat runs never send twice.
        claimed = (
            MailboxConnection.objects.filter(pk=mailbox.pk)
            .filter(Q(digest_last_sent_on__isnull=True) | Q(digest_last_sent_on__lt=today))
            .update(digest_last_sent_on=today)
        )
        if not claimed or not mailbox.owner.adresse_email or not email_assistant_allowed(mailbox.owner):
            continue
        counts = digest_counts(user=mailbox.owner, since=now - timedelta(hours=24))
        if not counts["total"]:
            continue
        headline = digest_headline(counts)
        top = Email.objects.filter(owner=mailbox.owner, received_at__gte=now - timedelta(hours=24)).exclude(
            category__in=SET_ASIDE
        )
        lines = []
        # Urgent first, then orders, newest first within each.
        newest = list(top.order_by("-received_at", "-id")[:100])
        for row in sorted(newest, key=lambda e: (e.priority != "high", e.category != Category.COMMANDE))[:8]:
            badge = "URGENT — " if row.priority == "high" else ""
            lines.append(f"• {badge}{row.subject} ({row.sender_name})\n  {row.ai_summary or row.preview}")
        text = DIGEST_TEXT.format(
            prenom=mailbox.owner.prenom or "",
            headline=headline,
            items="\n\n".join(lines),
            url=_frontend("/dashboard/emails"),
        )
        enqueue_on_commit(
            send_email, subject=DIGEST_SUBJECT.format(headline=headline), to=[mailbox.owner.adresse_email], text=text
        )
        sent += 1
    return sent


# --- the inbox ---------------------------------------------------------------------------------------


def email_mark_read(*, email: Email) -> Email:
    """Mark the e-mail as read (idempotent)."""
    if email.status != EmailStatus.READ:
        email.status = EmailStatus.READ
        email.save(update_fields=["status"])
    return email


def email_order_create(*, user, email: Email, data: dict):
    """Create the order an order mail asks for, through orders' owner-create service. ``data`` is
    orders' create input; its items may name a catalogue product by ``product_id``."""
    from catalog.models import Product
    from orders.services import order_create_by_owner

    with transaction.atomic():
        email = Email.objects.select_for_update().get(pk=email.pk, owner=user)
        if email.order_id:
            raise ApplicationError(
                MSG_ALREADY_ORDERED.format(reference=email.order.reference), code="already_ordered", status_code=409
            )
        items = []
        for item in data["items"]:
            item = dict(item)
            product_id = item.pop("product_id", None)
            if product_id is not None:
                sku = Product.objects.filter(owner=user, pk=product_id).values_list("sku", flat=True).first()
                if sku is None:
                    raise ApplicationError(
                        MSG_UNKNOWN_PRODUCT, code="validation_error", errors={"items": [MSG_UNKNOWN_PRODUCT]}
                    )
                item["sku"] = sku
            items.append(item)
        note = data.get("note") or f"Commande reçue par e-mail : {email.subject}"[:300]
        order = order_create_by_owner(
            user=user,
            customer_name=data["customer_name"],
            customer_phone=data["customer_phone"],
            items=items,
            zone=data["zone"],
            payment_method=data["payment_method"],
            delivery_fee=data.get("delivery_fee"),
            address=data.get("address", ""),
            commune=data.get("commune", ""),
            latitude=data.get("latitude"),
            longitude=data.get("longitude"),
            note=note,
        )
        email.order = order
        if email.status != EmailStatus.READ:
            email.status = EmailStatus.READ
        email.save(update_fields=["order", "status"])
    return order


__all__ = [
    "Security",
    "SyncResult",
    "digests_send",
    "email_mark_read",
    "email_order_create",
    "mailbox_connect",
    "mailbox_disconnect",
    "mailbox_resync",
    "mailbox_sync",
]
