"""Benchmark: one campaign to 10 000 customers against the fake Graph API (``make bench-campaign``).

Builds a throw-away account with N customers who ordered in Cocody, creates the campaign through the
service, sends every batch in this process, then prints the time and checks that each customer got
exactly one message (from the fake API's record and from the database). The account is deleted after.
Run it on a migrated database that is not production: ``python -m campaigns.bench [N]``.
"""

import os
import sys
import time
from collections import Counter


def main(count: int = 10_000) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.utils import timezone

    from accounts.models import User
    from campaigns import services
    from campaigns.models import CampaignSettings, MessagingTier
    from conversations.models import Contact, Conversation, Message, Sender
    from integrations.crypto import encrypt_token
    from integrations.models import ConnectionStatus, WhatsAppConnection
    from integrations.tests.fake_graph import PHONE_NUMBER_ID, VERSION, WABA_ID, FakeGraph
    from orders.models import Order

    fake = FakeGraph().start()
    fake.templates.insert(
        0,
        {
            "name": "promo_du_jour",
            "language": "fr",
            "status": "APPROVED",
            "category": "MARKETING",
            "components": [{"type": "BODY", "text": "Bonjour {{1}} ! Promo du jour chez nous."}],
        },
    )
    settings.WHATSAPP_GRAPH_URL, settings.WHATSAPP_GRAPH_VERSION = fake.url, VERSION
    stamp = int(time.time())
    user = User.objects.create(adresse_email=f"bench-campaign-{stamp}@example.com", plan_abonnement="entreprise")
    try:
        WhatsAppConnection.objects.create(
            owner=user,
            status=ConnectionStatus.CONNECTED,
            token_ciphertext=encrypt_token("EAAGbench"),
            waba_id=WABA_ID,
            phone_number_id=PHONE_NUMBER_ID,
        )
        CampaignSettings.objects.create(owner=user, messaging_tier=MessagingTier.UNLIMITED)
        now = timezone.now()
        contacts = Contact.objects.bulk_create(
            [Contact(owner=user, name=f"Client {n}", whatsapp_number=f"+22501{n:08d}") for n in range(count)],
            batch_size=2000,
        )
        Conversation.objects.bulk_create(
            [Conversation(owner=user, contact=c, last_message_at=now, created_at=now) for c in contacts],
            batch_size=2000,
        )
        Order.objects.bulk_create(
            [
                Order(
                    owner=user, reference=f"CMD-2026-{n:05d}", year=2026, number=n + 1, contact=c,
                    customer_name=c.name, customer_phone=c.whatsapp_number, zone="Cocody", commune="Cocody",
                    subtotal=1000, total=1000, payment_method="cash", source="owner", created_at=now,
                )
                for n, c in enumerate(contacts)
            ],
            batch_size=2000,
        )  # fmt: skip
        started = time.perf_counter()
        campaign = services.campaign_create(
            user=user,
            name="Bench",
            audience={"segment": "ordered", "zone": "Cocody"},
            template_name="promo_du_jour",
            template_language="fr",
            parameters=[{"source": "first_name"}],
            scheduled_at=now,
        )
        for batch in services.campaign_start(campaign_id=campaign.pk):
            services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batch)
        elapsed = time.perf_counter() - started
        per_number = Counter(call.body["to"] for call in fake.sends())
        messages = Counter(
            Message.objects.filter(conversation__owner=user, sender=Sender.AGENT).values_list(
                "conversation__contact_id", flat=True
            )
        )
        exactly_once = (
            len(per_number) == count
            and set(per_number.values()) == {1}
            and len(messages) == count
            and set(messages.values()) == {1}
        )
        print(
            f"campaign to {count} customers: {elapsed:.1f} s ({count / elapsed:.0f} messages/s), "
            f"{sum(per_number.values())} sends, each customer exactly one message: {'yes' if exactly_once else 'NO'}"
        )
        return 0 if exactly_once else 1
    finally:
        user.delete()
        fake.stop()


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000))
