"""Reading raw mails: real messages built by the standard package, as clients send them."""

import random
import time
from datetime import UTC, datetime

import pytest

from emails.mime import NO_SUBJECT, Attachment, ParsedMail, decode_bytes, html_to_text, parse_mail, strip_thread
from emails.tests import samples


def test_it_reads_a_plain_utf8_mail():
    raw = samples.plain()
    mail = parse_mail(raw)
    assert mail.subject == "Commande de 20 cartons de lait"
    assert mail.sender_name == "Awa Koné"
    assert mail.sender_email == "awa.kone@example.ci"
    assert mail.date == datetime(2026, 11, 20, 9, 30, tzinfo=UTC)
    assert "Je voudrais commander 20 cartons de lait Bonnet Rouge pour jeudi." in mail.text
    assert mail.language == "fr"
    assert mail.attachments == ()
    assert mail.is_bulk is False
    assert mail.size == len(raw)


def test_it_prefers_the_plain_alternative_and_keeps_the_words_once():
    mail = parse_mail(samples.multipart_alternative())
    assert mail.text.count("15 sacs de riz parfumé de 25 kg") == 1
    assert "<b>" not in mail.text
    assert mail.message_id == "<alt-1@example.ci>"


def test_it_turns_an_html_only_mail_into_text():
    mail = parse_mail(samples.html_only())
    text = mail.text
    assert "alert(" not in text and "color: red" not in text  # script and style dropped
    assert "Avis" not in text.split("\n")[0]  # the <title> is not the text
    assert "Votre colis arrive !" in text  # &nbsp; decoded, then normalised
    assert "le colis n° CI-88412 sera livré le 24/11/2026 entre 10 h et 12 h." in text  # &deg; &eacute;
    assert "Montant à payer 3 500 F CFA" in text  # table cells on one line
    assert "- Préparez la monnaie" in text  # list items on their own lines
    assert "Merci & à bientôt" in text


def test_it_lists_attachments_with_their_decoded_sizes_and_never_reads_them_as_text():
    mail = parse_mail(samples.with_attachments())
    assert mail.attachments == (
        Attachment("Facture F-2026-0412.pdf", len(samples.PDF_BYTES), "application/pdf"),
        Attachment("cachet_é.png", len(samples.PNG_BYTES), "image/png"),
    )
    assert "%PDF" not in mail.text
    assert "245 000 F CFA" in mail.text
    assert "Cordialement" not in mail.text  # the signature block is dropped


def test_it_decodes_latin1_quoted_printable_and_rfc2047_headers():
    raw = samples.latin1_quoted_printable()
    assert b'charset="iso-8859-1"' in raw and b"quoted-printable" in raw  # the sample is what it claims
    mail = parse_mail(raw)
    assert mail.subject == "Livraison non reçue à Abobo"
    assert mail.sender_name == "Ibrahim Traoré"
    assert "La livraison prévue à Abobo n'est pas arrivée. Nous avons réglé 45 000 F CFA" in mail.text
    assert "=E9" not in mail.text


def test_it_decodes_a_base64_utf8_body():
    raw = samples.base64_utf8()
    assert b"Content-Transfer-Encoding: base64" in raw
    mail = parse_mail(raw)
    assert "kermesse de l'école le 12 décembre" in mail.text
    assert mail.subject == "Partenariat – kermesse de l'école"


def test_it_drops_the_quoted_thread_the_signature_and_the_mobile_footer():
    mail = parse_mail(samples.reply_with_thread())
    assert mail.text == "Bonjour,\n\nToujours rien reçu pour la commande CMD-2291. C'est urgent, mes clients attendent."


def test_it_drops_an_outlook_quoted_block_and_a_dash_dash_signature():
    mail = parse_mail(samples.outlook_reply())
    assert mail.text == "Bonjour,\n\nNous confirmons la livraison des 40 sacs de ciment lundi 24 novembre."


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Merci de livrer.\n\nOn Tue, Nov 18, 2026 at 9:15 AM Shop <a@b.ci> wrote:\n> old", "Merci de livrer."),
        ("OK pour jeudi.\n\nLe mar. 18 nov. 2026 à 10:12, Boutique <b@c.ci> a\nécrit :\n> ancien", "OK pour jeudi."),
        ("Voici.\n-----Message d'origine-----\nDe : X\nEnvoyé : mardi", "Voici."),
        ("Payé.\n\nFrom: Shop\nSent: Tuesday\nTo: me\nSubject: x\n\nold", "Payé."),
        ("Je confirme.\n\nBien cordialement,\nJean\n07 07 07 07 07", "Je confirme."),
        ("See you.\n\nBest regards,\nJohn", "See you."),
        ("Vu.\nEnvoyé depuis mon Samsung Galaxy", "Vu."),
        ("Ligne 1\n> cité\nLigne 2", "Ligne 1\nLigne 2"),
    ],
)
def test_strip_thread_keeps_only_the_new_words(text, kept):
    assert strip_thread(text).strip() == kept


def test_a_newsletter_is_bulk_and_a_no_reply_sender_too():
    assert parse_mail(samples.newsletter()).is_bulk is True
    assert parse_mail(samples.plain(sender="Chronopost <no-reply@chronopost.example.com>")).is_bulk is True
    assert parse_mail(samples.plain(headers={"Auto-Submitted": "auto-generated"})).is_bulk is True
    assert parse_mail(samples.plain(headers={"Auto-Submitted": "no"})).is_bulk is False


def test_it_recognises_an_english_mail():
    assert parse_mail(samples.english_order()).language == "en"


def test_a_malformed_mail_keeps_its_headers_text_and_attachment():
    mail = parse_mail(samples.malformed())
    assert mail.subject == "Problème de livraison é Cocody"  # unknown charset and raw 8-bit recovered
    assert mail.sender_name == "Moïse Dago"
    assert mail.sender_email == "moise.dago@example.ci"  # the unclosed <…> still gives the address
    assert mail.date is None  # « not a date at all »
    assert mail.text == "Bonjour, le colis de 3 cartons n'est pas arrivé à Cocody. Merci de vérifier."
    assert [a.name for a in mail.attachments] == ["bon.pdf"]


def test_a_huge_mail_is_read_quickly_and_its_attachment_only_listed():
    raw = samples.huge(25)
    assert len(raw) > 25 * 1024 * 1024 * 0.99
    t0 = time.perf_counter()
    mail = parse_mail(raw)
    elapsed = time.perf_counter() - t0
    assert mail.text == "Bonjour,\n\nVoici les photos du stock demandées.\n\nYao"
    assert mail.attachments == (Attachment("photos.zip", 25 * 1024 * 1024 * 3 // 4, "application/zip"),)
    assert mail.size == len(raw)
    assert elapsed < 10, elapsed


def test_missing_headers_have_their_defaults():
    mail = parse_mail(b"\r\nJust a body, no headers at all.")
    assert mail.subject == NO_SUBJECT
    assert mail.sender_email == ""
    assert mail.sender_name == "Expéditeur inconnu"
    assert mail.message_id == ""
    assert mail.date is None
    assert mail.text == "Just a body, no headers at all."


def test_a_naive_date_is_taken_as_utc_and_an_offset_is_converted():
    mail = parse_mail(samples.plain(headers={}).replace(b"+0000", b"+0100"))
    assert mail.date == datetime(2026, 11, 20, 8, 30, tzinfo=UTC)
    naive = parse_mail(b"Date: Thu, 20 Nov 2026 09:30:00\r\nSubject: x\r\n\r\nbody")
    assert naive.date == datetime(2026, 11, 20, 9, 30, tzinfo=UTC)


def test_an_address_alone_gives_its_local_part_as_name():
    mail = parse_mail(b"From: Ibrahim.Traore@Example.CI\r\nSubject: x\r\n\r\nbody")
    assert mail.sender_email == "ibrahim.traore@example.ci"
    assert mail.sender_name == "Ibrahim.Traore"


def test_the_text_is_capped():
    mail = parse_mail(samples.plain(body="mot " * 30_000))
    assert len(mail.text) <= 20_000


def test_charset_fallbacks():
    assert decode_bytes("été".encode(), "klingon") == "été"  # unknown → utf-8
    assert decode_bytes("été".encode("cp1252"), "utf-8") == "été"  # wrong declaration → cp1252
    assert decode_bytes(b"\x81\x8d", None) == "\x81\x8d"  # undefined in cp1252 → latin-1, never raises


def test_html_to_text_survives_broken_html():
    assert html_to_text("<p>Bonjour<div><b>commande <i>20 sacs</p>").split() == ["Bonjour", "commande", "20", "sacs"]
    assert html_to_text("<p>a</p><blockquote>cité</blockquote>").strip() == "a"  # a quoted block is the thread


def _mutations(raw: bytes, rng: random.Random):
    data = bytearray(raw)
    for _ in range(rng.randint(1, 20)):
        op = rng.random()
        i = rng.randrange(len(data)) if data else 0
        if op < 0.4 and data:
            data[i] = rng.randrange(256)
        elif op < 0.6:
            data[i:i] = rng.choice([b"\r\n", b"--", b"=?", b"?=", b":", b"\x00", b"\xff\xfe", b"boundary=", b"\n\n"])
        elif op < 0.8 and data:
            del data[i : i + rng.randint(1, 50)]
        else:
            data = data[: rng.randrange(len(data) + 1)]
    return bytes(data)


def test_it_never_raises_whatever_the_bytes():
    rng = random.Random(25)
    sources = [builder() for name, builder in samples.ALL.items() if name != "huge"]
    cases = [b"", b"\x00" * 100, bytes(range(256)) * 10, "é".encode("utf-16"), b"Content-Type: multipart/mixed\r\n\r\n"]
    cases += [_mutations(rng.choice(sources), rng) for _ in range(400)]
    for raw in cases:
        mail = parse_mail(raw)
        assert isinstance(mail, ParsedMail)
        assert isinstance(mail.subject, str) and mail.subject
        assert isinstance(mail.text, str) and len(mail.text) <= 20_000
        assert mail.size == len(raw)
        assert mail.date is None or mail.date.tzinfo is not None
        assert mail.language in ("fr", "en")
        assert all(isinstance(a.size, int) and a.size >= 0 for a in mail.attachments)
    assert parse_mail("not bytes").size == len(b"not bytes")  # type: ignore[arg-type]


def test_a_typical_mail_is_parsed_in_a_few_milliseconds():
    raws = [builder() for name, builder in samples.ALL.items() if name != "huge"] * 20
    times = []
    for raw in raws:
        t0 = time.perf_counter()
        parse_mail(raw)
        times.append(time.perf_counter() - t0)
    times.sort()
    assert times[int(len(times) * 0.95)] < 0.02, times[int(len(times) * 0.95)]
