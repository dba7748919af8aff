"""The sync against a real Dovecot: first run (14 days), incremental runs, UIDVALIDITY, retries
without duplicates, flags untouched, huge and malformed mails, backoff, the lease, the urgent push
and the daily digest."""

import logging
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from conftest import body_text
from emails import services
from emails.models import Category, Email, MailboxConnection
from emails.tests import samples
from emails.tests.factories import EmailFactory, MailboxConnectionFactory
from preferences.services import preferences_get_or_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def box(dovecot):
    """A Dovecot user and the pro account's mailbox pointing at it (not synced yet)."""
    address, password = dovecot.new_user()
    mailbox = MailboxConnectionFactory(port=dovecot.port, address=address, password=password)
    mailbox.dovecot = dovecot
    mailbox.plain_password = password
    return mailbox


def put(box, raws, **kwargs):
    box.dovecot.append(box.address, box.plain_password, raws, **kwargs)


def sync(box, **kwargs) -> services.SyncResult:
    result = services.mailbox_sync(mailbox_id=box.pk, **kwargs)
    box.refresh_from_db()
    return result


def stored(box) -> list[Email]:
    return list(Email.objects.filter(owner=box.owner).order_by("uid"))


def test_the_first_sync_takes_the_last_14_days_and_files_each_mail(box):
    put(box, [samples.plain(subject="Vieux mail")], when=datetime.now(UTC) - timedelta(days=20))
    put(box, [samples.plain(), samples.with_attachments(), samples.newsletter(), samples.latin1_quoted_printable()])

    result = sync(box)

    assert result.status == "ok" and result.fetched == 4 and result.stored == 4
    emails = stored(box)
    assert [e.uid for e in emails] == [2, 3, 4, 5]
    assert "Vieux mail" not in {e.subject for e in emails}
    order = emails[0]
    assert order.category == Category.COMMANDE
    assert order.ai_summary and "20" in order.ai_summary
    assert order.sender_email == "awa.kone@example.ci" and order.message_id
    invoice = emails[1]
    assert {a["name"] for a in invoice.attachments} >= {"facture-F-2026-0412.pdf"} or invoice.attachments
    assert all(a["size"] > 0 for a in invoice.attachments)
    assert emails[2].category in {Category.NEWSLETTER, Category.SPAM}
    assert "é" in emails[3].subject or "é" in emails[3].body_excerpt
    assert box.uidvalidity == box.dovecot.uidvalidity(box.address) and box.last_uid == 5
    assert box.last_synced_at is not None and box.last_error == "" and box.consecutive_failures == 0


def test_an_incremental_sync_reads_only_the_new_mails(box):
    put(box, [samples.plain(subject="Premier")])
    sync(box)
    put(box, [samples.plain(subject="Deuxième"), samples.html_only()])

    result = sync(box)

    assert result.fetched == 2 and result.stored == 2
    assert [e.subject for e in stored(box)][0] == "Premier" and len(stored(box)) == 3
    assert box.last_uid == 3
    assert sync(box).fetched == 0


def test_a_retried_or_overlapping_run_never_stores_a_mail_twice(box):
    put(box, [samples.plain(), samples.reply_with_thread(), samples.outlook_reply()])
    sync(box)
    MailboxConnection.objects.filter(pk=box.pk).update(last_uid=0)  # as if the run died before saving it

    result = sync(box)

    assert result.fetched == 3 and result.stored == 0
    assert Email.objects.filter(owner=box.owner).count() == 3


def test_a_new_uidvalidity_restarts_from_14_days_without_duplicates(box):
    put(box, [samples.plain(), samples.html_only()])
    sync(box)
    box.dovecot.set_uidvalidity(box.address, box.uidvalidity + 1000)
    put(box, [samples.plain(subject="Après la renumérotation")])

    result = sync(box)

    assert result.fetched == 3 and result.stored == 1
    assert box.uidvalidity == box.dovecot.uidvalidity(box.address)
    assert Email.objects.filter(owner=box.owner).count() == 3


def test_a_sync_changes_no_flag_on_the_server(box):
    put(box, [samples.plain(), samples.with_attachments()])
    put(box, [samples.newsletter()], flags=("\\Seen",))
    before = box.dovecot.flags(box.address, box.plain_password)

    sync(box)

    assert box.dovecot.flags(box.address, box.plain_password) == before
    assert sorted(before.values()) == [(), (), ("\\Seen",)]


def test_a_25_mb_and_a_malformed_mail_are_kept_with_a_reason_and_the_others_go_on(box):
    put(box, [samples.huge(25), samples.malformed(), samples.plain()])

    result = sync(box)

    assert result.status == "ok" and result.stored == 3
    huge, malformed, order = stored(box)
    assert huge.notice.startswith("E-mail de 26 Mo : trop lourd") and huge.size > 25_000_000
    assert huge.subject and huge.subject != "(sans objet)"
    assert malformed.uid == 2 and malformed.subject
    assert order.category == Category.COMMANDE
    assert box.last_uid == 3 and box.last_error == ""


def test_a_run_is_capped_and_the_next_one_carries_on(box, settings):
    settings.EMAILS_SYNC_MAX_PER_RUN = 2
    put(box, [samples.plain(subject=f"Mail {n}") for n in range(5)])

    first = sync(box)

    assert first.fetched == 2 and first.remaining == 3
    assert box.last_run_notice == services.MSG_BACKLOG.format(count=3)
    assert box.next_attempt_at <= timezone.now()
    sync(box)
    third = sync(box)
    assert third.remaining == 0 and Email.objects.filter(owner=box.owner).count() == 5


def test_a_failing_mailbox_backs_off_keeps_its_mails_and_never_logs_the_password(box, caplog):
    caplog.set_level(logging.DEBUG)
    put(box, [samples.plain()])
    sync(box)
    wrong = "Mauvais-Mot-De-Passe-42"
    box.password_encrypted = services.encrypt_token(wrong)
    box.save()
    now = timezone.now()

    first = services.mailbox_sync(mailbox_id=box.pk, now=now)
    box.refresh_from_db()
    assert first.status == "failed" and box.last_error.startswith("Connexion refusée")
    assert box.consecutive_failures == 1 and box.next_attempt_at == now + timedelta(minutes=2)
    assert box.pk not in services.mailboxes_due(now=now + timedelta(minutes=1))
    assert box.pk in services.mailboxes_due(now=now + timedelta(minutes=3))

    services.mailbox_sync(mailbox_id=box.pk, now=now + timedelta(minutes=3))
    box.refresh_from_db()
    assert box.consecutive_failures == 2 and box.next_attempt_at == now + timedelta(minutes=7)
    assert Email.objects.filter(owner=box.owner).count() == 1
    assert wrong not in caplog.text and box.plain_password not in caplog.text

    box.password_encrypted = services.encrypt_token(box.plain_password)
    box.save()
    assert sync(box).status == "ok"
    assert box.consecutive_failures == 0 and box.last_error == ""
    assert services.backoff_delay(30) == services.BACKOFF_MAX


def test_an_unreachable_server_is_a_french_state(box):
    MailboxConnection.objects.filter(pk=box.pk).update(port=1)

    result = sync(box)

    assert result.status == "failed" and box.last_error.startswith("Serveur injoignable")


def test_two_runs_never_sync_one_mailbox_at_once(box):
    assert services._take_lease(box.pk, timezone.now())

    assert sync(box).status == "busy"
    assert box.pk not in services.mailboxes_due()
    services._release_lease(box.pk)
    assert sync(box).status == "ok"


def test_only_plans_selling_the_email_assistant_are_synced(box):
    box.owner.plan_abonnement = "starter"
    box.owner.save()

    assert box.pk not in services.mailboxes_due()
    assert sync(box).status == "not_allowed"


URGENT = {
    "subject": "URGENT : dernier rappel, facture impayée",
    "sender": "Société d'Électricité <recouvrement@cie.example.ci>",
    "body": (
        "Bonjour,\n\nMalgré nos relances, la facture n° F-2026-0412 de 450 000 F CFA reste impayée. "
        "Sans règlement avant le 27/11/2026, le courant de votre boutique sera coupé.\n\n"
        "Merci de régulariser en urgence."
    ),
}


def test_an_urgent_mail_is_pushed_to_the_owner_once(box, smtp_sink, django_capture_on_commit_callbacks):
    put(box, [samples.plain(date=datetime.now(UTC), **URGENT), samples.plain(date=datetime.now(UTC))])

    with django_capture_on_commit_callbacks(execute=True):
        sync(box)

    urgent = Email.objects.get(owner=box.owner, subject=URGENT["subject"])
    assert urgent.priority == "high" and urgent.alerted_at is not None
    message = smtp_sink.wait_for(lambda m: m["To"] == box.owner.adresse_email)
    assert message["Subject"] == f"E-mail urgent : {URGENT['subject']}"
    assert urgent.ai_summary in body_text(message) and "/dashboard/emails" in body_text(message)
    smtp_sink.clear()
    put(box, [samples.plain(subject="Autre chose", date=datetime.now(UTC))])
    with django_capture_on_commit_callbacks(execute=True):
        sync(box)
    assert not [m for m in smtp_sink.messages if "urgent" in m["Subject"].lower()]


def test_no_push_when_the_ai_alerts_are_off(box, smtp_sink, django_capture_on_commit_callbacks):
    prefs = preferences_get_or_create(user=box.owner)
    prefs.ai_alerts = False
    prefs.save()
    put(box, [samples.plain(date=datetime.now(UTC), **URGENT)])

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        sync(box)

    assert Email.objects.get(owner=box.owner).priority == "high"
    assert callbacks == [] and smtp_sink.messages == []


def test_the_daily_digest_goes_once_at_the_owners_hour(smtp_sink, django_capture_on_commit_callbacks):
    mailbox = MailboxConnectionFactory(digest_hour=18)
    now = datetime(2026, 11, 26, 18, 5, tzinfo=UTC)  # Abidjan is UTC+0
    recent = now - timedelta(hours=3)
    EmailFactory(owner=mailbox.owner, priority="high", category="facture", received_at=recent)
    EmailFactory.create_batch(2, owner=mailbox.owner, category="commande", received_at=recent)
    EmailFactory(owner=mailbox.owner, category="support", received_at=recent)
    EmailFactory(owner=mailbox.owner, category="newsletter", priority="low", received_at=recent)
    EmailFactory(owner=mailbox.owner, category="support", received_at=now - timedelta(days=3))
    EmailFactory(owner=UserFactory(), priority="high", received_at=recent)

    assert services.digests_send(now=now.replace(hour=17)) == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert services.digests_send(now=now) == 1
    assert services.digests_send(now=now + timedelta(hours=2)) == 0

    message = smtp_sink.wait_for()
    assert message["Subject"] == "Vos e-mails du jour : 1 e-mail urgent, 2 commandes, 1 autre"
    assert "URGENT — " in body_text(message)
    mailbox.refresh_from_db()
    assert mailbox.digest_last_sent_on == now.date()


def test_the_urgent_push_also_reaches_the_owners_whatsapp_when_the_window_is_open(
    box, smtp_sink, graph, django_capture_on_commit_callbacks
):
    from conversations.tests.factories import ContactFactory, ConversationFactory
    from integrations.tests.factories import WhatsAppConnectionFactory
    from integrations.tests.meta import PHONE_NUMBER_ID

    WhatsAppConnectionFactory(owner=box.owner, phone_number_id=PHONE_NUMBER_ID)
    myself = ContactFactory(owner=box.owner, name="Moi", whatsapp_number=str(box.owner.numero_telephone))
    ConversationFactory(owner=box.owner, contact=myself, last_inbound_at=timezone.now() - timedelta(hours=2))
    put(box, [samples.plain(date=datetime.now(UTC), **URGENT)])

    with django_capture_on_commit_callbacks(execute=True):
        sync(box)

    sent = [call.body for call in graph.calls if call.path.endswith("/messages") and call.body]
    assert len(sent) == 1
    assert sent[0]["to"] == str(box.owner.numero_telephone).lstrip("+")
    assert URGENT["subject"] in sent[0]["text"]["body"]
    smtp_sink.wait_for(lambda m: m["To"] == box.owner.adresse_email)


def test_no_whatsapp_push_when_the_owner_never_wrote_to_the_shop_number(
    box, smtp_sink, graph, django_capture_on_commit_callbacks
):
    from integrations.tests.factories import WhatsAppConnectionFactory
    from integrations.tests.meta import PHONE_NUMBER_ID

    WhatsAppConnectionFactory(owner=box.owner, phone_number_id=PHONE_NUMBER_ID)
    put(box, [samples.plain(date=datetime.now(UTC), **URGENT)])

    with django_capture_on_commit_callbacks(execute=True):
        sync(box)

    assert not [call for call in graph.calls if call.path.endswith("/messages")]
    smtp_sink.wait_for(lambda m: m["To"] == box.owner.adresse_email)


class CuttingProxy:
    """A real TCP proxy on 127.0.0.1 in front of Dovecot that cuts the line once the server has
    sent ``cut_after`` bytes: a server dropping the connection in the middle of a sync."""

    def __init__(self, target_port: int, cut_after: int):
        import socket
        import threading

        self.target_port, self.cut_after = target_port, cut_after
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen()
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        import socket
        import threading

        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target_port))
            threading.Thread(target=self._pipe, args=(client, server, None), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client, self.cut_after), daemon=True).start()

    @staticmethod
    def _pipe(source, target, limit):
        import socket

        sent = 0
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if limit is not None and sent + len(data) > limit:
                    target.sendall(data[: limit - sent])
                    break
                target.sendall(data)
                sent += len(data)
        except OSError:
            pass
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self):
        self.listener.close()


def test_a_connection_dropped_mid_sync_loses_nothing_already_fetched(box):
    body = "Bonjour,\n\nJe voudrais commander 5 cartons de lait.\n\n" + "Détails de la commande. " * 400
    put(box, [samples.plain(subject=f"Commande {n}", body=body) for n in range(120)])
    proxy = CuttingProxy(box.dovecot.port, cut_after=900_000)  # past the first batch of 50, not the second
    MailboxConnection.objects.filter(pk=box.pk).update(port=proxy.port)
    try:
        result = sync(box)
    finally:
        proxy.close()

    assert result.status == "failed" and box.last_error == services.imap.MSG_DROPPED
    assert box.last_uid == 50 and Email.objects.filter(owner=box.owner).count() == 50
    MailboxConnection.objects.filter(pk=box.pk).update(port=box.dovecot.port, next_attempt_at=None)
    assert sync(box).fetched == 70
    assert Email.objects.filter(owner=box.owner).count() == 120 and box.last_error == ""
