"""Evaluation of the engine on a data set in the format of ../shared/assistant-dev/ (business.json,
messages.jsonl, dialogues.jsonl), scored with that README's rules: normalisation, whole-number and
substring matching, reply language, flags, dialogue orders. Pure Python; the management command
`assistant_eval` prints what this returns."""

from __future__ import annotations

import json
import re
import statistics
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from assistant.engine import INTENTS, Knowledge, respond
from assistant.engine.lexicon import EN_WORDS, FR_WORDS
from assistant.engine.policy import DEFAULT_MODEL
from core.exceptions import ApplicationError
from shop.document import document_clean

# ------------------------------------------------------------------ matching rules (README)

_THOUSANDS = re.compile(r"(?<=\d)[ \u00a0\u202f.,](?=\d{3}(?!\d))")
_HYPHENS_APOSTROPHES = re.compile(r"[-\u2010\u2011\u2012\u2013\u2014\u2212'\u2019\u2018\u02bc`]")


def normalise(text: str) -> str:
    """Lower case, accents removed, thousands separators removed, hyphens/apostrophes as spaces."""
    text = text.replace("œ", "oe").replace("Œ", "oe").replace("æ", "ae").replace("Æ", "ae")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = text.replace("\u00a0", " ").replace("\u202f", " ")
    text = _THOUSANDS.sub("", text)
    text = _HYPHENS_APOSTROPHES.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


def variants(item: str) -> list[str]:
    return [v.strip() for v in item.split("|") if v.strip()]


def _variant_in(variant: str, reply: str) -> bool:
    if variant.isdigit():
        return any(int(tok) == int(variant) for tok in re.findall(r"\d+", reply))
    start = 0
    while True:
        i = reply.find(variant, start)
        if i < 0:
            return False
        j = i + len(variant)
        clash_left = variant[0].isdigit() and i > 0 and reply[i - 1].isdigit()
        clash_right = variant[-1].isdigit() and j < len(reply) and reply[j].isdigit()
        if not (clash_left or clash_right):
            return True
        start = i + 1


def item_matches(item: str, reply: str) -> bool:
    norm_reply = normalise(reply)
    return any(_variant_in(normalise(v), norm_reply) for v in variants(item))


def text_failures(message: dict, reply: str) -> tuple[list[str], list[str]]:
    missing = [i for i in message.get("must_mention", []) if not item_matches(i, reply)]
    present = [i for i in message.get("must_not", []) if item_matches(i, reply)]
    return missing, present


# Phrase lists that approximate the semantic flags, as README suggests.
FLAG_PHRASES = {
    "clarify": ["lequel", "laquelle", "lesquels", "lesquelles", "which one", "which", "quel ", "quelle "],
    "out_of_stock": [
        "rupture",
        "plus de",
        "pas disponible",
        "indisponible",
        "out of stock",
        "not available",
        "unavailable",
    ],
    "not_served": ["ne livrons pas", "pas de livraison", "don t deliver", "do not deliver", "not deliver"],
    "not_in_catalogue": [
        "ne vendons pas",
        "pas au catalogue",
        "n avons pas",
        "don t sell",
        "do not sell",
        "don t have",
        "not on our",
    ],
}
_FR_ONLY = FR_WORDS - EN_WORDS
_EN_ONLY = EN_WORDS - FR_WORDS


def reply_language(reply: str, names: tuple[str, ...] = ()) -> str:
    """The language most of the reply's own words are in. ``names``: the shop's proper names (products, zones,
    payment methods), left out: « We have several kinds of cakes: Gâteau au chocolat 6 parts (6 000 F CFA) … »
    is an English reply quoting French names, whatever the length of the list."""
    text = normalise(reply)
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", " ", text)
    words = re.findall(r"[a-z]+", text)
    fr = sum(w in _FR_ONLY for w in words)
    en = sum(w in _EN_ONLY for w in words)
    return "en" if en > fr else "fr"


def reply_text(turn) -> str:
    """Every message sent in answer, including button titles."""
    parts = []
    for r in turn.replies:
        parts.append(r.text)
        parts.extend(r.buttons)
    return "\n".join(parts)


# ------------------------------------------------------------------ running


@dataclass
class MessageResult:
    id: str
    lang: str
    intent: str
    predicted: str
    passed: bool
    reasons: list
    text: str
    reply: str
    ms: float


@dataclass
class DialogueResult:
    id: str
    lang: str
    passed: bool
    reason: str
    transcript: list = field(default_factory=list)


class DataSetError(Exception):
    """A data set the evaluator cannot read: ``problems`` are French sentences, one per fault, each
    naming its file (and line). The command prints them instead of a traceback."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


MAX_PROBLEMS = 20  # enough to fix a file, short enough to read
LANGS = ("fr", "en", "nouchi")
REPLY_LANGS = ("fr", "en")
FLAGS = ("clarify", "handoff", "out_of_stock", "not_served", "not_in_catalogue")
ORDER_AMOUNTS = ("subtotal", "delivery_fee", "total")


def _read_json(path: Path, problems: list[str]):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        problems.append(f"{path.name} : fichier manquant.")
    except UnicodeDecodeError:
        problems.append(f"{path.name} : le fichier n'est pas en UTF-8.")
    except json.JSONDecodeError as exc:
        problems.append(f"{path.name} : JSON invalide (ligne {exc.lineno}, colonne {exc.colno}).")
    return None


def _read_jsonl(path: Path, problems: list[str]) -> list[tuple[int, object]]:
    """(line number, value) for each non-blank line; unreadable lines are reported and skipped."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.append(f"{path.name} : fichier manquant.")
        return []
    except UnicodeDecodeError:
        problems.append(f"{path.name} : le fichier n'est pas en UTF-8.")
        return []
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append((number, json.loads(line)))
        except json.JSONDecodeError:
            problems.append(f"{path.name} ligne {number} : JSON invalide.")
    return rows


def _text(value) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _strings(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _message_problems(m) -> list[str]:
    if not isinstance(m, dict):
        return ["chaque ligne doit être un objet JSON."]
    problems = []
    if not _text(m.get("id")):
        problems.append("« id » doit être un texte non vide.")
    if not _text(m.get("text")):
        problems.append("« text » (le message du client) doit être un texte non vide.")
    if m.get("intent") not in INTENTS:
        problems.append(f"« intent » doit être l'un de : {', '.join(INTENTS)}.")
    if m.get("lang") not in LANGS:
        problems.append(f"« lang » doit être l'un de : {', '.join(LANGS)}.")
    if m.get("reply_lang") not in REPLY_LANGS:
        problems.append("« reply_lang » doit valoir fr ou en.")
    for key in ("must_mention", "must_not"):
        if key in m and not _strings(m[key]):
            problems.append(f"« {key} » doit être une liste de textes.")
    for flag in FLAGS:
        if flag in m and not isinstance(m[flag], bool):
            problems.append(f"« {flag} » doit valoir true ou false.")
    return problems


def _dialogue_problems(d) -> list[str]:
    if not isinstance(d, dict):
        return ["chaque ligne doit être un objet JSON."]
    problems = []
    if not _text(d.get("id")):
        problems.append("« id » doit être un texte non vide.")
    if d.get("lang") not in LANGS:
        problems.append(f"« lang » doit être l'un de : {', '.join(LANGS)}.")
    turns = d.get("turns")
    if not (isinstance(turns, list) and turns and all(_text(turn) for turn in turns)):
        problems.append("« turns » doit être une liste non vide de messages (textes non vides).")
    if "expected_order" not in d:
        problems.append("« expected_order » est obligatoire (null quand aucune commande ne doit être créée).")
        return problems
    order = d["expected_order"]
    if order is None:
        return problems
    if not isinstance(order, dict):
        return [*problems, "« expected_order » doit être un objet ou null."]
    items = order.get("items")
    if not (
        isinstance(items, list)
        and items
        and all(
            isinstance(item, dict)
            and _text(item.get("product_id"))
            and _count(item.get("quantity"))
            and item["quantity"] > 0
            for item in items
        )
    ):
        problems.append(
            "« expected_order.items » doit être une liste non vide de {product_id, quantity} "
            "(quantité entière positive)."
        )
    for key in ("zone", "payment"):
        if not _text(order.get(key)):
            problems.append(f"« expected_order.{key} » doit être un texte non vide.")
    for key in ORDER_AMOUNTS:
        if not _count(order.get(key)):
            problems.append(f"« expected_order.{key} » doit être un montant entier positif ou nul.")
    return problems


def _rows(path: Path, rows: list, check, problems: list[str]) -> list:
    valid = []
    for number, row in rows:
        faults = check(row)
        problems.extend(f"{path.name} ligne {number} : {fault}" for fault in faults)
        if not faults:
            valid.append(row)
    return valid


def load_dir(path: Path):
    """The data set's (shop document, messages, dialogues), every file checked before anything runs.

    ``business.json`` goes through ``PUT /shop``'s own validator (``document_clean``) and is
    returned cleaned; each line of ``messages.jsonl`` and ``dialogues.jsonl`` must have the
    README's shape. Raises ``DataSetError`` listing every fault in French (the first
    ``MAX_PROBLEMS``), so a folder in another shape never ends in a traceback half-way through.
    """
    path = Path(path)
    problems: list[str] = []
    if not path.is_dir():
        raise DataSetError([f"{path} : dossier introuvable."])
    business = _read_json(path / "business.json", problems)
    if business is not None or not problems:
        try:
            business = document_clean(business)
        except ApplicationError as error:
            problems.append(f"business.json n'est pas un document de boutique valide : {error.message}")
            problems += [f"  {where} : {' '.join(faults)}" for where, faults in (error.errors or {}).items()]
    messages = _rows(
        path / "messages.jsonl", _read_jsonl(path / "messages.jsonl", problems), _message_problems, problems
    )
    dialogues = []
    if (path / "dialogues.jsonl").exists():
        dialogues = _rows(
            path / "dialogues.jsonl", _read_jsonl(path / "dialogues.jsonl", problems), _dialogue_problems, problems
        )
    if problems:
        more = len(problems) - MAX_PROBLEMS
        raise DataSetError(problems[:MAX_PROBLEMS] + ([f"… et {more} autre(s) erreur(s)."] if more > 0 else []))
    return business, messages, dialogues


def shop_names(business: dict) -> tuple[str, ...]:
    """The shop's proper names as the reply quotes them (normalised): products, zones, payment methods."""
    names = [p.get("name") for p in business.get("products") or []]
    names += [z.get("name") for z in business.get("delivery_zones") or []]
    names += [pm.get("name") for pm in business.get("payment_methods") or []]
    return tuple(dict.fromkeys(n for n in (normalise(str(x or "")) for x in names) if n))


def score_message(m: dict, turn, reply: str, names: tuple[str, ...] = ()) -> list[str]:
    if not reply.strip():
        return ["no reply sent"]  # silence is never a right answer (nor French, nor English)
    reasons = []
    if turn.intent != m["intent"]:
        reasons.append(f"intent {turn.intent} != {m['intent']}")
    missing, present = text_failures(m, reply)
    if missing:
        reasons.append(f"missing {missing}")
    if present:
        reasons.append(f"must_not present {present}")
    if reply_language(reply, names) != m["reply_lang"]:
        reasons.append(f"reply language {reply_language(reply, names)} != {m['reply_lang']}")
    if bool(m.get("handoff")) != bool(turn.handoff):
        reasons.append("handoff expected" if m.get("handoff") else "unexpected handoff")
    norm_reply = f" {normalise(reply)} "
    for flag, phrases in FLAG_PHRASES.items():
        if m.get(flag) and not any(p in norm_reply for p in phrases):
            reasons.append(f"flag {flag} not expressed")
    return reasons


def run_messages(
    knowledge: Knowledge, messages: list, now: datetime, polish=None, model=DEFAULT_MODEL
) -> list[MessageResult]:
    out, names = [], shop_names(knowledge.document)
    for m in messages:
        turn = respond(knowledge=knowledge, state=None, text=m["text"], now=now, model=model)
        if polish is not None:
            turn = polish(knowledge, turn, [], m["text"])
        reply = reply_text(turn)
        reasons = score_message(m, turn, reply, names)
        out.append(
            MessageResult(
                id=m["id"],
                lang=m["lang"],
                intent=m["intent"],
                predicted=turn.intent,
                passed=not reasons,
                reasons=reasons,
                text=m["text"],
                reply=reply,
                ms=turn.timings.get("total", 0.0),
            )
        )
    return out


def _order_matches(order, expected: dict) -> str:
    got = sorted((sku, q) for sku, _name, _price, q in order.lines)
    want = sorted((i["product_id"], i["quantity"]) for i in expected["items"])
    problems = []
    if got != want:
        problems.append(f"lines {got} != {want}")
    for attr, key in (
        ("zone", "zone"),
        ("subtotal", "subtotal"),
        ("delivery_fee", "delivery_fee"),
        ("total", "total"),
        ("payment", "payment"),
    ):
        if getattr(order, attr) != expected[key]:
            problems.append(f"{key} {getattr(order, attr)!r} != {expected[key]!r}")
    return "; ".join(problems)


def run_dialogues(
    knowledge: Knowledge, dialogues: list, now: datetime, timings: list, polish=None, model=DEFAULT_MODEL
) -> list[DialogueResult]:
    out = []
    for d in dialogues:
        state, mode, orders, transcript = None, "ai", [], []
        early, silent = False, None
        for n, text in enumerate(d["turns"]):
            if mode == "human":
                transcript.append((text, "(silence: conversation handed to a person)"))
                continue
            turn = respond(knowledge=knowledge, state=state, text=text, now=now, model=model)
            timings.append(turn.timings.get("total", 0.0))
            state = turn.state
            if polish is not None:
                history = [
                    (role, said)
                    for asked, answered in transcript
                    for role, said in (("user", asked), ("assistant", answered))
                ]
                turn = polish(knowledge, turn, history, text)
            reply = reply_text(turn)
            transcript.append((text, reply))
            if not reply.strip() and silent is None:
                silent = n + 1  # the customer waits for an answer that never comes
            if turn.handoff:
                mode = "human"
            if turn.order is not None:
                orders.append(turn.order)
                if n < len(d["turns"]) - 1:
                    early = True
        expected = d["expected_order"]
        if silent is not None:
            passed, reason = False, f"no reply sent to turn {silent}"
        elif expected is None:
            passed, reason = not orders, ("" if not orders else f"{len(orders)} order(s) created")
        elif early:
            passed, reason = False, "an order was created before the last turn"
        elif len(orders) != 1:
            passed, reason = False, f"{len(orders)} orders at the end"
        else:
            reason = _order_matches(orders[0], expected)
            passed = not reason
        out.append(DialogueResult(id=d["id"], lang=d["lang"], passed=passed, reason=reason, transcript=transcript))
    return out


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def evaluate(path: str | Path, now: datetime | None = None, polish=None, model=DEFAULT_MODEL) -> dict:
    """Score a data set. ``polish(knowledge, turn, history, text) -> turn`` rewrites each turn's replies
    (``assistant_eval --llm``: the language model's path); None scores the embedded engine alone.
    ``model``: the intent model (the shipped one by default, None for the rule cascade alone)."""
    path = Path(path)
    # Checked first, business.json with PUT /shop's validator: DataSetError lists what is wrong.
    business, messages, dialogues = load_dir(path)
    now = now or datetime.now(UTC)
    knowledge = Knowledge.from_document(business)
    results = run_messages(knowledge, messages, now, polish, model)
    timings = [r.ms for r in results]
    dialogue_results = run_dialogues(knowledge, dialogues, now, timings, polish, model)

    def block(rows):
        n = len(rows)
        return {
            "count": n,
            "intent_accuracy": (sum(r.predicted == r.intent for r in rows) / n) if n else 0.0,
            "pass_rate": (sum(r.passed for r in rows) / n) if n else 0.0,
        }

    by_lang, by_intent = defaultdict(list), defaultdict(list)
    for r in results:
        by_lang[r.lang].append(r)
        by_intent[r.intent].append(r)
    return {
        "dir": str(path),
        "overall": block(results),
        "by_language": {k: block(v) for k, v in sorted(by_lang.items())},
        "by_intent": {k: block(v) for k, v in sorted(by_intent.items())},
        "dialogues": {
            "passed": sum(d.passed for d in dialogue_results),
            "count": len(dialogue_results),
            "failing": [d.id for d in dialogue_results if not d.passed],
        },
        "timing_ms": {
            "p50": statistics.median(timings) if timings else 0.0,
            "p95": percentile(timings, 95),
            "max": max(timings) if timings else 0.0,
        },
        "failures": [{"id": r.id, "text": r.text, "reply": r.reply, "why": r.reasons} for r in results if not r.passed],
        "dialogue_failures": [
            {"id": d.id, "why": d.reason, "transcript": d.transcript} for d in dialogue_results if not d.passed
        ],
    }


def format_report(report: dict, verbose: bool = False) -> str:
    lines = [f"Assistant evaluation: {report['dir']}"]
    o = report["overall"]
    lines.append(f"Messages: {o['count']}  intent accuracy {o['intent_accuracy']:.1%}  pass rate {o['pass_rate']:.1%}")
    lines.append("By language:")
    for k, b in report["by_language"].items():
        lines.append(f"  {k:<8} n={b['count']:<4} intent {b['intent_accuracy']:.1%}  pass {b['pass_rate']:.1%}")
    lines.append("By intent:")
    for k, b in report["by_intent"].items():
        lines.append(f"  {k:<18} n={b['count']:<4} intent {b['intent_accuracy']:.1%}  pass {b['pass_rate']:.1%}")
    d = report["dialogues"]
    failing = ", ".join(d["failing"]) or "none"
    lines.append(f"Dialogues passed: {d['passed']}/{d['count']}  (failing: {failing})")
    t = report["timing_ms"]
    lines.append(f"Engine time: p50 {t['p50']:.1f} ms  p95 {t['p95']:.1f} ms  max {t['max']:.1f} ms")
    if verbose:
        for f in report["failures"]:
            lines.append("")
            lines.append(f"FAIL {f['id']}: {f['text']}")
            lines.append(f"  why: {'; '.join(f['why'])}")
            lines.append("  reply: " + f["reply"].replace("\n", "\n         "))
        for f in report["dialogue_failures"]:
            lines.append("")
            lines.append(f"FAIL dialogue {f['id']}: {f['why']}")
            for said, answered in f["transcript"]:
                lines.append(f"  > {said}")
                lines.append("    " + answered.replace("\n", "\n    "))
    return "\n".join(lines)


def _sum_blocks(reports: list[dict], key: str) -> dict:
    """Adds up per-language or per-intent blocks of several reports (counts, then rates)."""
    totals = defaultdict(lambda: [0, 0.0, 0.0])
    for r in reports:
        for name, b in r[key].items():
            t = totals[name]
            t[0] += b["count"]
            t[1] += b["intent_accuracy"] * b["count"]
            t[2] += b["pass_rate"] * b["count"]
    return {
        name: {"count": n, "intent_accuracy": i / n, "pass_rate": p / n} for name, (n, i, p) in sorted(totals.items())
    }


def lobo_summary(report: dict, side: str) -> dict:
    """Overall, per-language and per-intent figures of one side ("rules" or "model") of a LOBO report."""
    reports = [row[side] for row in report["businesses"]]
    n = sum(r["overall"]["count"] for r in reports)
    return {
        "overall": {
            "count": n,
            "intent_accuracy": sum(r["overall"]["intent_accuracy"] * r["overall"]["count"] for r in reports) / n,
            "pass_rate": sum(r["overall"]["pass_rate"] * r["overall"]["count"] for r in reports) / n,
        },
        "by_language": _sum_blocks(reports, "by_language"),
        "by_intent": _sum_blocks(reports, "by_intent"),
        "dialogues": {
            "passed": sum(r["dialogues"]["passed"] for r in reports),
            "count": sum(r["dialogues"]["count"] for r in reports),
        },
        "p95_ms": max((r["timing_ms"]["p95"] for r in reports), default=0.0),
    }


def format_lobo(report: dict, verbose: bool = False) -> str:
    """The leave-one-business-out table: each business scored by a model that never saw it."""
    rules, model = lobo_summary(report, "rules"), lobo_summary(report, "model")

    def cells(b: dict) -> str:
        return f"{b['pass_rate']:>6.1%} {b['intent_accuracy']:>7.1%}"

    lines = [
        f"Leave one business out: {report['corpus']} ({len(report['businesses'])} businesses)",
        f"{'':<24}{'rules alone':>22}   {'learned model':>22}",
        f"{'business':<24}{'n':>5} {'pass':>6} {'intent':>7} {'dlg':>5}   {'pass':>6} {'intent':>7} {'dlg':>5}",
    ]
    for row in report["businesses"]:
        r, m = row["rules"], row["model"]
        lines.append(
            f"{row['business']:<24}{r['overall']['count']:>5} {cells(r['overall'])} "
            f"{r['dialogues']['passed']:>2}/{r['dialogues']['count']:<2}   {cells(m['overall'])} "
            f"{m['dialogues']['passed']:>2}/{m['dialogues']['count']:<2}"
        )
    lines.append(
        f"{'ALL':<24}{rules['overall']['count']:>5} {cells(rules['overall'])} "
        f"{rules['dialogues']['passed']:>2}/{rules['dialogues']['count']:<2}   {cells(model['overall'])} "
        f"{model['dialogues']['passed']:>2}/{model['dialogues']['count']:<2}"
    )
    for title, key in (("By language", "by_language"), ("By intent", "by_intent")):
        lines.append(f"{title}:")
        for name, b in rules[key].items():
            lines.append(f"  {name:<22}{b['count']:>5} {cells(b)}         {cells(model[key][name])}")
    lines.append(f"Engine time p95 (worst business): rules {rules['p95_ms']:.1f} ms, model {model['p95_ms']:.1f} ms")
    if verbose:
        for row in report["businesses"]:
            for f in row["model"]["failures"]:
                lines.append(f"FAIL {row['business']} {f['id']}: {f['text']}")
                lines.append(f"  why: {'; '.join(f['why'])}")
                lines.append("  reply: " + f["reply"].replace("\n", "\n         "))
            for f in row["model"]["dialogue_failures"]:
                lines.append(f"FAIL dialogue {row['business']} {f['id']}: {f['why']}")
                for said, answered in f["transcript"]:
                    lines.append(f"  > {said}")
                    lines.append("    " + answered.replace("\n", "\n    "))
    return "\n".join(lines)
