"""Real raw messages, built with the standard ``email`` package, the way mail clients send them.

Each builder returns the bytes an IMAP server stores (``bytes(EmailMessage)`` with CRLF line ends),
so the same messages feed the MIME tests and the real-IMAP (Dovecot) tests. ``ALL`` names them.
"""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.mime.text import MIMEText
from email.utils import format_datetime, make_msgid

SMTP = policy.SMTP  # CRLF line ends, as on the wire
DEFAULT_DATE = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)

# A real one-page PDF (text "Facture F-2026-0412"), small enough to keep here.
PDF_BYTES = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n"
    b"4 0 obj<</Length 52>>stream\nBT /F1 18 Tf 20 70 Td (Facture F-2026-0412) Tj ET\nendstream endobj\n"
    b"5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
)
# A real 1x1 PNG.
PNG_BYTES = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


def _headers(msg, *, subject: str, sender: str, to: str, date: datetime | None, message_id: str | None):
    msg["Subject"] = subject
    msg["From"] = sender
    msg["To"] = to
    if date is not None:
        msg["Date"] = format_datetime(date)
    msg["Message-ID"] = message_id or make_msgid(domain="example.ci")
    return msg


def plain(
    *,
    subject: str = "Commande de 20 cartons de lait",
    sender: str = "Awa Koné <awa.kone@example.ci>",
    to: str = "boutique@example.ci",
    body: str = "Bonjour,\n\nJe voudrais commander 20 cartons de lait Bonnet Rouge pour jeudi.\n\nMerci,\nAwa",
    date: datetime | None = DEFAULT_DATE,
    message_id: str | None = None,
    headers: dict[str, str] | None = None,
) -> bytes:
    """A simple text/plain UTF-8 mail (8bit or quoted-printable, as the package chooses)."""
    msg = _headers(EmailMessage(policy=SMTP), subject=subject, sender=sender, to=to, date=date, message_id=message_id)
    for key, value in (headers or {}).items():
        msg[key] = value
    msg.set_content(body)
    return bytes(msg)


def multipart_alternative() -> bytes:
    """Plain and HTML alternatives of one order, as Gmail sends them."""
    msg = _headers(
        EmailMessage(policy=SMTP),
        subject="Commande pour le restaurant – 15 sacs de riz",
        sender='"Koffi Yao" <koffi.yao@example.ci>',
        to="grossiste@example.ci",
        date=DEFAULT_DATE,
        message_id="<alt-1@example.ci>",
    )
    msg.set_content(
        "Bonjour,\n\nPour le restaurant, il nous faut 15 sacs de riz parfumé de 25 kg et 6 bidons d'huile "
        "de 20 litres, livrés avant samedi.\n\nKoffi Yao\nMaquis Chez Tantie, Yopougon"
    )
    msg.add_alternative(
        "<html><body><p>Bonjour,</p><p>Pour le restaurant, il nous faut <b>15 sacs de riz parfumé de 25 kg</b> "
        "et 6 bidons d'huile de 20 litres, livrés avant samedi.</p><p>Koffi Yao<br>Maquis Chez Tantie, "
        "Yopougon</p></body></html>",
        subtype="html",
    )
    return bytes(msg)


def html_only() -> bytes:
    """An HTML-only mail with a style block, a script, entities, a table and a list."""
    msg = _headers(
        EmailMessage(policy=SMTP),
        subject="Avis de livraison – colis n° CI-88412",
        sender="Service Client Express <service@express-colis.example.ci>",
        to="boutique@example.ci",
        date=DEFAULT_DATE,
        message_id="<html-1@example.ci>",
    )
    msg.set_content(
        "<!DOCTYPE html><html><head><title>Avis</title><style>p { color: red; }</style>"
        "<script>alert('x')</script></head><body>"
        "<h1>Votre colis arrive&nbsp;!</h1>"
        "<p>Bonjour,<br>le colis n&deg; CI-88412 sera livr&eacute; le 24/11/2026 entre 10 h et 12 h.</p>"
        "<table><tr><td>Poids</td><td>12 kg</td></tr>"
        "<tr><td>Montant &agrave; payer</td><td>3 500 F CFA</td></tr></table>"
        "<ul><li>Préparez la monnaie</li><li>Soyez joignable</li></ul>"
        "<p>Merci &amp; à bientôt</p></body></html>",
        subtype="html",
    )
    return bytes(msg)


def with_attachments() -> bytes:
    """A supplier's invoice: a text body, a PDF and an image attached."""
    msg = _headers(
        EmailMessage(policy=SMTP),
        subject="Facture F-2026-0412 – échéance 30/11/2026",
        sender="Comptabilité SIPRA <compta@sipra.example.ci>",
        to="boutique@example.ci",
        date=DEFAULT_DATE,
        message_id="<att-1@example.ci>",
    )
    msg.set_content(
        "Bonjour,\n\nVeuillez trouver ci-joint la facture F-2026-0412 d'un montant de 245 000 F CFA, "
        "à régler avant le 30/11/2026.\n\nCordialement,\nService comptabilité"
    )
    msg.add_attachment(PDF_BYTES, maintype="application", subtype="pdf", filename="Facture F-2026-0412.pdf")
    msg.add_attachment(PNG_BYTES, maintype="image", subtype="png", filename="cachet_é.png")
    return bytes(msg)


def latin1_quoted_printable() -> bytes:
    """An old client's mail: ISO-8859-1, quoted-printable, RFC 2047 subject in Latin-1."""
    msg = MIMEText(
        "Bonjour Madame,\n\nLa livraison prévue à Abobo n'est pas arrivée. Nous avons réglé 45 000 F CFA "
        "d'avance et le délai est dépassé depuis 3 jours. Merci de rappeler au 07 07 12 34 56.\n\nIbrahim Traoré",
        "plain",
        "iso-8859-1",
    )
    # The iso-8859-1 charset is sent quoted-printable by the standard package.
    msg["Subject"] = "=?iso-8859-1?q?Livraison_non_re=E7ue_=E0_Abobo?="
    msg["From"] = "=?iso-8859-1?q?Ibrahim_Traor=E9?= <ibrahim.traore@example.ci>"
    msg["To"] = "boutique@example.ci"
    msg["Date"] = format_datetime(DEFAULT_DATE)
    msg["Message-ID"] = "<latin1-1@example.ci>"
    return msg.as_bytes(policy=policy.compat32.clone(linesep="\r\n"))


def base64_utf8() -> bytes:
    """A UTF-8 body in base64, as many webmails send accented text."""
    msg = _headers(
        EmailMessage(policy=SMTP),
        subject="Partenariat – kermesse de l'école",
        sender="Aya N'Guessan <aya.nguessan@ecole.example.ci>",
        to="boutique@example.ci",
        date=DEFAULT_DATE,
        message_id="<b64-1@example.ci>",
    )
    msg.set_content(
        "Bonjour,\n\nNous organisons la kermesse de l'école le 12 décembre et cherchons des partenaires. "
        "Seriez-vous prêt à sponsoriser l'événement à hauteur de 150 000 F CFA ?\n\nMme Aya N'Guessan",
        charset="utf-8",
        cte="base64",
    )
    return bytes(msg)


def reply_with_thread() -> bytes:
    """A reply on top of a quoted thread, with a signature and a mobile footer."""
    body = (
        "Bonjour,\n\nToujours rien reçu pour la commande CMD-2291. C'est urgent, mes clients attendent.\n\n"
        "Cordialement,\nMarie Bamba\nPharmacie du Lac – 27 22 41 00 00\n\nEnvoyé de mon iPhone\n\n"
        "Le mar. 18 nov. 2026 à 10:12, Boutique <boutique@example.ci> a écrit :\n"
        "> Bonjour Madame, votre commande CMD-2291 de 12 boîtes de gants part demain.\n"
        "> Merci pour votre confiance.\n"
    )
    return plain(
        subject="Re: Commande CMD-2291",
        sender="Marie Bamba <marie.bamba@pharmacie-du-lac.example.ci>",
        body=body,
        message_id="<reply-1@example.ci>",
        headers={"In-Reply-To": "<orig-1@example.ci>"},
    )


def outlook_reply() -> bytes:
    """An Outlook reply: the quoted mail announced by a « De : … Envoyé : … » block, and a « -- » signature."""
    body = (
        "Bonjour,\n\nNous confirmons la livraison des 40 sacs de ciment lundi 24 novembre.\n\n-- \n"
        "Jean Kouassi\nQuincaillerie du Progrès\n\n________________________________\n"
        "De : Boutique <boutique@example.ci>\nEnvoyé : jeudi 20 novembre 2026 08:00\nÀ : Jean Kouassi\n"
        "Objet : Livraison ciment\n\nPouvez-vous confirmer la date ?\n"
    )
    return plain(
        subject="RE: Livraison ciment",
        sender="Jean Kouassi <jean.kouassi@progres.example.ci>",
        body=body,
        message_id="<outlook-1@example.ci>",
    )


def newsletter() -> bytes:
    """A promotional newsletter: List-Unsubscribe, Precedence bulk, HTML and plain."""
    msg = _headers(
        EmailMessage(policy=SMTP),
        subject="-30 % sur tout le matériel de cuisine ce week-end !",
        sender="Promo CuisinePro <newsletter@cuisinepro.example.com>",
        to="boutique@example.ci",
        date=DEFAULT_DATE,
        message_id="<news-1@example.com>",
    )
    msg["List-Unsubscribe"] = "<mailto:unsubscribe@cuisinepro.example.com>, <https://cuisinepro.example.com/u/1>"
    msg["Precedence"] = "bulk"
    msg.set_content("Profitez de -30 % sur tout le matériel de cuisine ce week-end. Se désabonner : lien ci-dessous.")
    msg.add_alternative(
        "<html><body><h2>-30 % ce week-end</h2><p>Sur tout le matériel de cuisine.</p>"
        "<p><a href='https://cuisinepro.example.com/u/1'>Se désabonner</a></p></body></html>",
        subtype="html",
    )
    return bytes(msg)


def huge(megabytes: int = 5) -> bytes:
    """A mail of about ``megabytes`` MB: a short text and a large attachment (base64)."""
    msg = _headers(
        EmailMessage(policy=SMTP),
        subject="Photos du stock (archive)",
        sender="Yao Brou <yao.brou@example.ci>",
        to="boutique@example.ci",
        date=DEFAULT_DATE,
        message_id=f"<huge-{megabytes}@example.ci>",
    )
    msg.set_content("Bonjour,\n\nVoici les photos du stock demandées.\n\nYao")
    # Incompressible-looking but deterministic bytes; base64 grows them by a third.
    payload = bytes((i * 7919 + (i >> 8)) & 0xFF for i in range(megabytes * 1024 * 1024 * 3 // 4))
    msg.add_attachment(payload, maintype="application", subtype="zip", filename="photos.zip")
    return bytes(msg)


def malformed() -> bytes:
    """Broken on purpose: a folded header with no value, an unknown charset, a boundary never closed,
    undeclared 8-bit (Latin-1) bytes and a base64 part with garbage."""
    return (
        b"From: =?utf-8?q?Mo=C3=AFse_Dago?= <moise.dago@example.ci\r\n"
        b"To: boutique@example.ci\r\n"
        b"Subject: =?x-unknown?q?Probl=E8me?= de livraison \xe9 Cocody\r\n"
        b"Date: not a date at all\r\n"
        b"X-Broken\r\n"
        b'Content-Type: multipart/mixed; boundary="BOUND\r\n'
        b"\r\n"
        b"--BOUND\r\n"
        b"Content-Type: text/plain; charset=klingon\r\n"
        b"Content-Transfer-Encoding: 8bit\r\n"
        b"\r\n"
        b"Bonjour, le colis de 3 cartons n'est pas arriv\xe9 \xe0 Cocody. Merci de v\xe9rifier.\r\n"
        b"--BOUND\r\n"
        b'Content-Type: application/pdf; name="bon.pdf"\r\n'
        b"Content-Transfer-Encoding: base64\r\n"
        b"\r\n"
        b"JVBERi0xLjQK!!!not base64 at all===\r\n"
    )


def english_order() -> bytes:
    return plain(
        subject="Order for 30 bags of cement",
        sender="John Mensah <john.mensah@example.gh>",
        body=(
            "Hello,\n\nWe would like to order 30 bags of cement and 10 iron rods for our site in Bingerville. "
            "Please deliver before Friday 28 November and send the invoice.\n\nBest regards,\nJohn Mensah"
        ),
        message_id="<en-1@example.gh>",
    )


ALL = {
    "plain": plain,
    "multipart_alternative": multipart_alternative,
    "html_only": html_only,
    "with_attachments": with_attachments,
    "latin1_quoted_printable": latin1_quoted_printable,
    "base64_utf8": base64_utf8,
    "reply_with_thread": reply_with_thread,
    "outlook_reply": outlook_reply,
    "newsletter": newsletter,
    "huge": huge,
    "malformed": malformed,
    "english_order": english_order,
}
