"""The engine's phrase catalogue (assistant/engine/texts.py): every language has every key of French with the
same placeholders, a register (nouchi) only some of them; every key the engine asks for exists and every key is
asked for; and a language added as a table is what the engine then speaks."""

import ast
from pathlib import Path
from string import Formatter

import pytest

from assistant.engine import replies, texts
from assistant.engine.replies import Phrases, pick

ENGINE = Path(replies.__file__).parent
SOURCES = [ENGINE / "replies.py", ENGINE / "policy.py"]
FRENCH = texts.PHRASES[texts.DEFAULT_LANGUAGE]
# Keys the engine builds from a name (a day of the hours, a vehicle, an intent offered in « vous voulez … ? »).
KEYS_BY_NAME = {*replies.DAYS.values(), *replies.VEHICLES.values(), *Phrases.WISHES.values()}


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}


def literal_keys(node) -> list[str] | None:
    """The keys a call's first argument names: a string, or ``a if … else b`` of strings; None otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = literal_keys(node.body), literal_keys(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def keys_asked_for() -> tuple[set[str], list[str]]:
    """Every key the engine's sources pass to ``phrase``/``word``, and the calls whose key is not literal."""
    keys, dynamic = set(), []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name not in ("phrase", "word") or not node.args:
                continue
            argument = node.args[1] if name == "word" else node.args[0]  # word(lang, key, …)
            found = literal_keys(argument)
            if found is None:
                dynamic.append(f"{path.name}:{node.lineno} {ast.unparse(argument)}")
            else:
                keys.update(found)
    return keys, dynamic


def test_every_language_has_every_key_of_french():
    for language, table in texts.PHRASES.items():
        if language in texts.REGISTERS:
            assert set(table) <= set(FRENCH), (language, set(table) - set(FRENCH))
        else:
            assert set(table) == set(FRENCH), (language, set(table) ^ set(FRENCH))


def test_a_register_falls_back_to_a_language_with_a_table():
    for register, language in texts.REGISTERS.items():
        assert register in texts.PHRASES and language in texts.PHRASES


@pytest.mark.parametrize("key", sorted(FRENCH))
def test_every_variant_has_the_same_placeholders_in_every_language(key):
    expected = {frozenset(placeholders(variant)) for variant in FRENCH[key]}
    # Variants of one key may leave a field out (« Merci à vous ! » has no {name}), never add another.
    fields = set().union(*expected)
    for language, table in texts.PHRASES.items():
        if key not in table:
            continue
        assert isinstance(table[key], list) and table[key], (key, language)
        for variant in table[key]:
            assert variant, (key, language)
            assert placeholders(variant) <= fields, (key, language, variant)
        assert set().union(*(placeholders(v) for v in table[key])) == fields, (key, language)


def test_every_key_the_engine_asks_for_exists_and_every_key_is_asked_for():
    keys, dynamic = keys_asked_for()
    # A key that is not written out comes from one of the name → key tables, which are checked here.
    assert all(("DAYS[" in d or "VEHICLES[" in d or "WISHES[" in d) for d in dynamic), dynamic
    asked = keys | KEYS_BY_NAME
    assert asked - set(FRENCH) == set(), "asked for but missing from the catalogue"
    assert set(FRENCH) - asked == set(), "in the catalogue but never asked for"


def test_the_nouchi_register_speaks_its_own_words_and_french_for_the_rest(grocery):
    nouchi = Phrases(grocery, "fr", "seed", nouchi=True)
    french = Phrases(grocery, "fr", "seed")
    assert nouchi.greeting() == pick(texts.PHRASES["fr-nouchi"]["greeting"], "seed").format(name=grocery.name)
    assert nouchi.greeting() != french.greeting()
    assert nouchi.ask_zone() == french.ask_zone()


def test_a_third_language_is_a_table(grocery, monkeypatch):
    # A made-up language, as French with a mark on every variant: the engine speaks it without a code change.
    table = {key: [f"[xx] {variant}" for variant in variants] for key, variants in FRENCH.items()}
    monkeypatch.setitem(texts.PHRASES, "xx", table)
    xx, fr = Phrases(grocery, "xx", "seed"), Phrases(grocery, "fr", "seed")
    assert xx.greeting() == "[xx] " + fr.greeting()
    assert xx.ask_again("confirm") == "[xx] " + fr.ask_again("confirm")
    # The pieces of a built sentence (days, list words) come from the table too.
    assert xx.hours(True).startswith("[xx] Nos horaires : ") and "[xx] lundi" in xx.hours(True)
    assert "[xx]  ou " in xx.accepted_list()
    # Without a table, a language reads French.
    assert Phrases(grocery, "bm", "seed").greeting() == fr.greeting()
