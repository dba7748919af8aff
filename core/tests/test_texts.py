"""The customer-facing catalogue (core/texts.py): every key in every language, with the same
placeholders, so a language added as a table is complete or fails here."""

import pytest

from core import texts


def test_every_language_has_every_key():
    keys = set(texts.CATALOGUE[texts.DEFAULT_LANGUAGE])
    for language, table in texts.CATALOGUE.items():
        assert set(table) == keys, (language, set(table) ^ keys)


@pytest.mark.parametrize("key", sorted(texts.CATALOGUE[texts.DEFAULT_LANGUAGE]))
def test_every_placeholder_is_the_same_in_every_language(key):
    french = texts.placeholders(texts.CATALOGUE["fr"][key])
    for language, table in texts.CATALOGUE.items():
        assert texts.placeholders(table[key]) == french, (key, language)
        assert table[key].strip(), (key, language)


def test_a_text_is_filled_with_named_fields_in_the_customers_language():
    assert texts.text("order.cancelled_reason", "fr", reference="C-12", reason="rupture") == (
        "Votre commande C-12 a été annulée : rupture."
    )
    assert texts.text("order.cancelled_reason", "en-GB", reference="C-12", reason="out of stock") == (
        "Your order C-12 has been cancelled: out of stock."
    )
    # A language without a table reads French; extra fields are ignored, a missing one is an error.
    assert texts.text("payment.button", "bm") == "Payer"
    assert texts.text("optout.in", "en", unused="x") == texts.CATALOGUE["en"]["optout.in"]
    with pytest.raises(KeyError):
        texts.text("order.paid", "fr", reference="C-12")
    with pytest.raises(KeyError):
        texts.text("order.unknown", "fr")


def test_the_language_of_a_code():
    assert [texts.language_of(code) for code in ("en", "EN", "en_US", "english", "fr", "", None, "dyu")] == [
        "en",
        "en",
        "en",
        "en",
        "fr",
        "fr",
        "fr",
        "fr",
    ]
