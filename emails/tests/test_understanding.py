"""Understanding a mail with the shipped model: category, priority, French summary, order lines."""

import time

import pytest

from core.choices import Priority
from emails import learning
from emails.mime import detect_language, parse_mail
from emails.tests import samples
from emails.understanding import CATEGORIES, OrderLine, Verdict, understand
from emails.understanding.orders import order_lines
from emails.understanding.text import extract_facts

GROSSISTE = learning.catalogues()["grossiste_treichville"]
BOUTIQUE = learning.catalogues()["boutique_adjame"]


def _sentences(summary: str) -> list[str]:
    return [s for s in learning.SENTENCE_END.split(summary) if s]


def _assert_honest(raw: bytes, verdict: Verdict) -> None:
    """Two or three sentences (one for nothing), in French, and no number the mail does not contain."""
    mail = parse_mail(raw)
    source = f"{mail.subject}\n{mail.text}\n{mail.sender_name} {mail.sender_email}"
    assert 1 <= len(_sentences(verdict.summary)) <= 3, verdict.summary
    assert detect_language(verdict.summary) == "fr", verdict.summary
    assert learning.numbers_in(verdict.summary) <= learning.numbers_in(source), verdict.summary


def test_an_order_becomes_a_commande_with_its_catalogue_lines():
    raw = samples.plain()
    verdict = understand(parse_mail(raw), products=GROSSISTE)
    assert verdict.category == "commande"
    assert verdict.order_lines == (OrderLine(501, "Carton de lait Bonnet Rouge", 20),)
    assert verdict.summary.startswith("Commande d'Awa Koné : 20 cartons de lait Bonnet Rouge")
    _assert_honest(raw, verdict)


def test_a_multipart_order_gives_every_line():
    raw = samples.multipart_alternative()
    verdict = understand(parse_mail(raw), products=GROSSISTE)
    assert verdict.category == "commande"
    assert {(line.product_id, line.quantity) for line in verdict.order_lines} == {(502, 15), (503, 6)}
    assert "15 sacs de riz parfumé" in verdict.summary
    _assert_honest(raw, verdict)


def test_an_invoice_due_soon_is_urgent_and_its_summary_keeps_the_amount_the_date_and_the_number():
    raw = samples.with_attachments()
    verdict = understand(parse_mail(raw))
    assert verdict.category == "facture"
    assert verdict.priority == Priority.HIGH
    for fact in ("245 000 F CFA", "30/11/2026", "F-2026-0412"):
        assert fact in verdict.summary
    assert verdict.order_lines == ()
    _assert_honest(raw, verdict)


def test_a_newsletter_is_set_aside_and_never_urgent():
    raw = samples.newsletter()
    verdict = understand(parse_mail(raw), products=BOUTIQUE)
    assert verdict.category == "newsletter"
    assert verdict.priority == Priority.LOW
    assert verdict.order_lines == ()
    _assert_honest(raw, verdict)


def test_a_phishing_mail_is_spam_and_the_summary_warns():
    raw = samples.plain(
        subject="Votre compte sera suspendu",
        sender="Service Sécurité <securite@banque-verif.example.xyz>",
        body="Cher client, votre compte sera suspendu dans 24 heures. Cliquez sur ce lien et confirmez votre "
        "mot de passe et votre code secret.",
    )
    verdict = understand(parse_mail(raw))
    assert verdict.category == "spam"
    assert verdict.priority == Priority.LOW
    assert "hameçonnage" in verdict.summary
    _assert_honest(raw, verdict)


def test_a_late_delivery_complaint_in_latin1_is_urgent():
    raw = samples.latin1_quoted_printable()
    verdict = understand(parse_mail(raw))
    assert verdict.category in ("livraison", "support")
    assert verdict.priority == Priority.HIGH
    assert "45 000 F CFA" in verdict.summary
    _assert_honest(raw, verdict)


def test_an_english_order_is_summarised_in_french_with_its_facts():
    raw = samples.english_order()
    verdict = understand(parse_mail(raw), products=[(301, "Sac de ciment 50 kg"), (302, "Barre de fer de 10")])
    assert verdict.category == "commande"
    assert "30 bags of cement" in verdict.summary
    assert "28 novembre" in verdict.summary  # « Friday 28 November », month in French
    assert "E-mail rédigé en anglais." in verdict.summary
    _assert_honest(raw, verdict)


def test_a_partnership_offer():
    raw = samples.base64_utf8()
    verdict = understand(parse_mail(raw))
    assert verdict.category == "partenariat"
    assert "150 000 F CFA" in verdict.summary
    _assert_honest(raw, verdict)


@pytest.mark.parametrize("name", [n for n in samples.ALL if n != "huge"] + ["huge"])
def test_every_sample_gets_a_valid_verdict(name):
    raw = samples.ALL[name]() if name != "huge" else samples.huge(5)
    verdict = understand(parse_mail(raw), products=GROSSISTE)
    assert verdict.category in CATEGORIES
    assert verdict.priority in Priority.values
    assert 0.0 < verdict.confidence <= 1.0
    assert verdict.summary
    if verdict.category != "commande":
        assert verdict.order_lines == ()
    _assert_honest(raw, verdict)


def test_an_order_without_a_catalogue_has_no_lines():
    verdict = understand(parse_mail(samples.plain()))
    assert verdict.category == "commande"
    assert verdict.order_lines == ()


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("je veux 3 pagne wax holandais svp", {(101, 3)}),  # singular, typo
        ("Il me faut 2 x Robe en wax et 1 sac a main en cuir", {(102, 2), (104, 1)}),  # « x », no accent
        (
            "10 cartons de sucre en morceaux et 20 cartons de lait",
            {(504, 10), (501, 20)},
        ),  # containers alone never match
        ("livraison le 12/12 à 15 h, 45 000 F CFA pour 5 sacs de farine", {(508, 5)}),  # dates, hours, prices skipped
        ("Bonjour, rien à commander aujourd'hui", set()),
        ("Je prends 3 téléviseurs", set()),  # not in the catalogue
    ],
)
def test_order_lines_match_the_catalogue_fuzzily(text, lines):
    catalogue = BOUTIQUE + GROSSISTE
    assert {(c.product_id, c.quantity) for c in order_lines(text, catalogue)} == lines


def test_facts_are_found_as_written():
    facts = extract_facts(
        "Facture n° FA-2026-118 de 1 250 000 F CFA à régler avant le 30/11/2026, soit sous 8 jours. "
        "Livraison samedi 6 décembre à 9 h de 12 pagnes wax."
    )
    assert facts.amounts == ["1 250 000 F CFA"]
    assert "FA-2026-118" in facts.references
    assert facts.dates == ["30/11/2026", "samedi 6 décembre"]
    assert facts.times == ["9 h"]
    assert facts.durations == ["8 jours"]
    assert facts.quantities == ["12 pagnes wax"]


def test_parse_and_understand_take_a_few_milliseconds():
    rows = learning.load_corpus()
    products = learning.catalogues()
    understand(rows[0].mail)  # the model is loaded once per process
    times = []
    for row in rows:
        t0 = time.perf_counter()
        understand(parse_mail(row.raw), products=products[row.business])
        times.append(time.perf_counter() - t0)
    times.sort()
    p95 = times[int(len(times) * 0.95)]
    assert p95 < 0.03, f"p95 {p95 * 1000:.1f} ms"
