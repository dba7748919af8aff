"""The demo account's mails that show what the e-mail assistant makes of a real mailbox.

Each one is a real RFC 5322 message read by the same pipeline as a synced mail (emails.mime, then
emails.understanding with the account's catalogue): an order naming catalogue products (so
« Créer la commande » is prefilled), a supplier's invoice with a PDF attached, a newsletter (set
aside under « Mis de côté ») and a recruitment mail (« Autre »). No mailbox is connected: the page
shows the connection form above them. Idempotent: run twice, the mails are there once.
"""

from datetime import timedelta
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime

from emails.models import Email, EmailStatus

DEMO_ACCOUNT_KEY = "demo@flux-ia"  # marks these rows (no real server behind them)

# (sender, subject, body, hours ago, extra headers, attachment name or "")
MAILS = [
    (
        "Mariam Diabaté <mariam.diabate@example.ci>",
        "Commande pour le mariage de ma sœur",
        "Bonjour Boutique Akwaba,\n\nJe voudrais commander 6 pagnes wax 6 yards et 2 foulards en wax pour le "
        "mariage de ma sœur samedi. Pouvez-vous livrer à Cocody Angré avant vendredi ?\n\nMerci d'avance,\nMariam",
        1,
        {},
        "",
    ),
    (
        "Tissages de Korhogo <factures@tissages-korhogo.example.ci>",
        "Facture F-2026-0412 : 125 000 F CFA à régler avant le 30/11",
        "Bonjour,\n\nVeuillez trouver ci-joint la facture F-2026-0412 de 125 000 F CFA pour les 5 pagnes Kita "
        "livrés le 18/11. Merci de la régler avant le 30/11/2026 par virement ou Orange Money.\n\nCordialement,\n"
        "Service comptabilité",
        5,
        {},
        "facture-F-2026-0412.pdf",
    ),
    (
        "Jumia Market <newsletter@jumia.example.ci>",
        "-30 % sur les machines à coudre cette semaine",
        "Profitez de -30 % sur les machines à coudre Singer jusqu'à dimanche. Livraison offerte dès 50 000 F CFA.",
        9,
        {"List-Unsubscribe": "<mailto:unsubscribe@jumia.example.ci>", "Precedence": "bulk"},
        "",
    ),
    (
        "Koné Ibrahim <ibrahim.kone@example.ci>",
        "Candidature : vendeur en boutique",
        "Bonjour,\n\nJe me permets de vous proposer ma candidature pour un poste de vendeur. J'ai 3 ans "
        "d'expérience dans le textile à Treichville. Mon CV est en pièce jointe.\n\nBien à vous,\nIbrahim Koné",
        30,
        {},
        "CV-Ibrahim-Kone.pdf",
    ),
]

PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n" + b"0" * 18_000


def _raw(sender: str, subject: str, body: str, when, headers: dict, attachment: str, number: int) -> bytes:
    message = EmailMessage(policy=SMTP)
    message["From"] = sender
    message["To"] = "contact@boutique-akwaba.ci"
    message["Subject"] = subject
    message["Date"] = format_datetime(when)
    message["Message-ID"] = f"<demo-{number}@flux-ia.demo>"
    for key, value in headers.items():
        message[key] = value
    message.set_content(body)
    if attachment:
        message.add_attachment(PDF, maintype="application", subtype="pdf", filename=attachment)
    return bytes(message)


def seed_mailbox(user, *, now) -> int:
    """Add the demo mails (once); returns how many were added."""
    from catalog.models import Product
    from emails.mime import parse_mail
    from emails.understanding import understand

    if Email.objects.filter(owner=user, imap_account=DEMO_ACCOUNT_KEY).exists():
        return 0
    products = list(Product.objects.filter(owner=user).values_list("id", "name"))
    rows = []
    for number, (sender, subject, body, hours_ago, headers, attachment) in enumerate(MAILS, start=1):
        when = now - timedelta(hours=hours_ago)
        raw = _raw(sender, subject, body, when, headers, attachment, number)
        parsed = parse_mail(raw)
        verdict = understand(parsed, products=products)
        rows.append(
            Email(
                owner=user,
                imap_account=DEMO_ACCOUNT_KEY,
                message_id=parsed.message_id,
                sender_name=parsed.sender_name[:150],
                sender_email=parsed.sender_email[:254],
                subject=parsed.subject[:255],
                preview=" ".join(parsed.text.split())[:300],
                received_at=parsed.date or when,
                priority=verdict.priority,
                status=EmailStatus.AI_PROCESSED,
                ai_summary=verdict.summary,
                category=verdict.category,
                body_excerpt=parsed.text[:4000],
                attachments=[
                    {"name": a.name, "size": a.size, "content_type": a.content_type} for a in parsed.attachments
                ],
                order_lines=[
                    {"product_id": line.product_id, "name": line.name, "quantity": line.quantity}
                    for line in verdict.order_lines
                ],
                size=parsed.size,
            )
        )
    Email.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)
