"""Training and measuring the mail model on the labelled corpus (emails/corpus/*.jsonl).

- ``load_corpus()``: every labelled mail, built as real RFC 5322 bytes with the standard ``email``
  package and read back by ``emails.mime.parse_mail`` — the model learns from what it will see.
- ``train(rows)``: TF-IDF (sublinear, L2) and two multinomial logistic regressions (category, priority),
  scikit-learn, deterministic; exported as a ``MailModel`` (pure-Python inference).
- ``cross_validate()``: leave one business kind out — train on the five others, score the sixth —
  category and priority accuracy, the summary checks and the order lines, never on the training set.

scikit-learn is needed here only (training, the evaluation and the tests), never to read a mail.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from emails.mime import ParsedMail, parse_mail
from emails.understanding import CATEGORIES, PRIORITIES, mail_features, understand
from emails.understanding.checks import (  # noqa: F401 - SENTENCE_END and numbers_in re-exported for the tests
    SENTENCE_END,
    fact_kept,
    invented_numbers,
    is_french,
    numbers_in,
    sentences,
)
from emails.understanding.model import ARTEFACT, Head, MailModel, priority_extras
from emails.understanding.text import normalise

# One thread: scipy's L-BFGS on two shared cores is ten times slower with a thread per core fighting
# the others (set before scikit-learn first loads NumPy/SciPy; the figures are the same either way).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

CORPUS = Path(__file__).resolve().parent / "corpus"
CATALOGUES = CORPUS / "catalogues.json"
# Mails written after the method was frozen, never trained on nor tuned against (docs/email-understanding.md).
SEALED = CORPUS / "sealed"

# Regularisation and vocabulary floor (docs/email-understanding.md).
C_CATEGORY = 10.0
C_PRIORITY = 10.0
MIN_DF = 2
FIELDS = {"id", "lang", "subject", "sender", "body", "category", "priority", "facts"}


@dataclass
class Row:
    business: str
    id: str
    lang: str
    category: str
    priority: str
    facts: list[str]
    order: list[tuple[int, int]]
    raw: bytes
    mail: ParsedMail
    features: dict = field(repr=False)


class CorpusError(ValueError):
    pass


def raw_message(item: dict, *, date: datetime | None = None) -> bytes:
    """The corpus mail as a mail client would have sent it."""
    msg = EmailMessage(policy=policy.SMTP)
    msg["Subject"] = item["subject"]
    msg["From"] = item["sender"]
    msg["To"] = "contact@boutique.example.ci"
    msg["Date"] = format_datetime(date or datetime(2026, 11, 20, 9, 30, tzinfo=UTC))
    msg["Message-ID"] = f"<{item['id']}@corpus.flux-ia.example>"
    if item.get("bulk"):
        msg["List-Unsubscribe"] = "<mailto:unsubscribe@example.com>"
        msg["Precedence"] = "bulk"
    msg.set_content(item["body"])
    return bytes(msg)


def check_item(item: dict, where: str) -> list[str]:
    problems = []
    missing = FIELDS - item.keys()
    if missing:
        problems.append(f"{where}: champs manquants {sorted(missing)}")
        return problems
    if item["category"] not in CATEGORIES:
        problems.append(f"{where}: catégorie inconnue {item['category']!r}")
    if item["priority"] not in PRIORITIES:
        problems.append(f"{where}: priorité inconnue {item['priority']!r}")
    if item["lang"] not in ("fr", "en"):
        problems.append(f"{where}: langue inconnue {item['lang']!r}")
    text = item["subject"] + "\n" + item["body"]
    for fact in item["facts"]:
        if normalise(fact).replace(" ", "") not in normalise(text).replace(" ", ""):
            problems.append(f"{where}: le fait {fact!r} n'est pas dans le mail")
    return problems


def load_corpus(root: Path = CORPUS) -> list[Row]:
    rows, problems, seen = [], [], set()
    for path in sorted(Path(root).glob("*.jsonl")):
        business = path.stem
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path.name}:{n}"
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.append(f"{where}: JSON invalide ({exc.msg})")
                continue
            found = check_item(item, where)
            if item.get("id") in seen:
                found.append(f"{where}: identifiant en double {item.get('id')!r}")
            seen.add(item.get("id"))
            if found:
                problems += found
                continue
            raw = raw_message(item)
            mail = parse_mail(raw)
            rows.append(
                Row(
                    business=business,
                    id=item["id"],
                    lang=item["lang"],
                    category=item["category"],
                    priority=item["priority"],
                    facts=item["facts"],
                    order=[tuple(pair) for pair in item.get("order", [])],
                    raw=raw,
                    mail=mail,
                    features=mail_features(mail),
                )
            )
    if problems:
        raise CorpusError("\n".join(problems))
    return rows


def catalogues(path: Path = CATALOGUES) -> dict[str, list[tuple[int, str]]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: [(int(pid), str(label)) for pid, label in items] for name, items in data.items()}


def train(rows: list[Row], *, c_category: float = C_CATEGORY, c_priority: float = C_PRIORITY) -> MailModel:
    from array import array

    from scipy.sparse import hstack, lil_matrix
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.feature_extraction.text import TfidfTransformer
    from sklearn.linear_model import LogisticRegression
    from threadpoolctl import threadpool_limits

    # The vocabulary: features seen in at least MIN_DF mails (a word one mail uses teaches nothing).
    df: dict[str, int] = {}
    for r in rows:
        for name in r.features:
            df[name] = df.get(name, 0) + 1
    vocabulary = sorted(name for name, n in df.items() if n >= MIN_DF)
    keep = set(vocabulary)
    vectorizer = DictVectorizer(sort=True)
    counts = vectorizer.fit_transform([{k: v for k, v in r.features.items() if k in keep} for r in rows])
    names = list(vectorizer.feature_names_)
    tfidf = TfidfTransformer(sublinear_tf=True, norm="l2", smooth_idf=True)
    x = tfidf.fit_transform(counts)
    # The priority head also reads the category crossed with the urgency signals (model.priority_extras);
    # it learns from the labelled category and is given the predicted one.
    extras = sorted({name for r in rows for name in priority_extras(r.category, r.features)})
    extra_index = {name: i for i, name in enumerate(extras)}
    e = lil_matrix((len(rows), len(extras)))
    for n, r in enumerate(rows):
        for name in priority_extras(r.category, r.features):
            e[n, extra_index[name]] = 1.0
    heads = {}
    for head, matrix, c in (("category", x, c_category), ("priority", hstack([x, e]).tocsr(), c_priority)):
        y = [getattr(r, head) for r in rows]
        clf = LogisticRegression(C=c, max_iter=2000, tol=1e-4)
        with threadpool_limits(1):  # also when NumPy was loaded before the variables above were set
            clf.fit(matrix, y)
        classes = [str(k) for k in clf.classes_]
        coef = clf.coef_.T  # features x classes
        bias = list(clf.intercept_)
        table = array("f")
        for row in coef:
            table.extend(float(v) for v in row)
        heads[head] = Head(classes, [float(b) for b in bias], table)
    names = names + extras
    idf = [float(v) for v in tfidf.idf_] + [0.0] * len(extras)
    meta = {
        "businesses": sorted({r.business for r in rows}),
        "examples": len(rows),
        "features": len(names),
        "c_category": c_category,
        "c_priority": c_priority,
        "min_df": MIN_DF,
    }
    return MailModel(names, idf, heads, meta)


def train_shipped(path: Path = ARTEFACT) -> MailModel:
    """The shipped model: every mail of the corpus. Reloaded from its own file, so what is tested ships."""
    model = train(load_corpus())
    model.save(path)
    return MailModel.load(path)


# --- summary checks ---------------------------------------------------------------------------


def summary_checks(row: Row, summary: str) -> dict:
    source = row.mail.subject + "\n" + row.mail.text + "\n" + row.mail.sender_name + " " + row.mail.sender_email
    kept = [f for f in row.facts if fact_kept(f, summary)]
    count = len(sentences(summary))
    return {
        "facts": len(row.facts),
        "facts_kept": len(kept),
        "lost": [f for f in row.facts if f not in kept],
        "french": is_french(summary),
        "sentences": count,
        "short": 1 <= count <= 3,
        "invented": invented_numbers(summary, source),
    }


# --- evaluation -------------------------------------------------------------------------------


def score(model: MailModel, rows: list[Row], products: dict[str, list[tuple[int, str]]]) -> list[dict]:
    out = []
    for r in rows:
        t0 = time.perf_counter()
        mail = parse_mail(r.raw)
        verdict = understand(mail, products=products.get(r.business, ()), model=model)
        elapsed = (time.perf_counter() - t0) * 1000
        lines = {(line.product_id, line.quantity) for line in verdict.order_lines}
        out.append(
            {
                "id": r.id,
                "business": r.business,
                "lang": r.lang,
                "category": r.category,
                "predicted_category": verdict.category,
                "priority": r.priority,
                "predicted_priority": verdict.priority,
                "summary": verdict.summary,
                "checks": summary_checks(r, verdict.summary),
                "order_expected": len(r.order),
                "order_found": len(set(r.order) & lines),
                "order_extra": len(lines - set(r.order)) if r.category == "commande" else 0,
                "ms": elapsed,
            }
        )
    return out


def cross_validate(root: Path = CORPUS, **train_args) -> dict:
    """Leave one business kind out: each kind is scored by a model that never saw it."""
    rows = load_corpus(root)
    products = catalogues(root / "catalogues.json") if (root / "catalogues.json").exists() else {}
    results, folds = [], []
    for business in sorted({r.business for r in rows}):
        t0 = time.perf_counter()
        model = train([r for r in rows if r.business != business], **train_args)
        trained = time.perf_counter() - t0
        scored = score(model, [r for r in rows if r.business == business], products)
        results += scored
        folds.append(
            {
                "business": business,
                "mails": len(scored),
                "category": sum(s["category"] == s["predicted_category"] for s in scored) / len(scored),
                "priority": sum(s["priority"] == s["predicted_priority"] for s in scored) / len(scored),
                "train_seconds": trained,
            }
        )
    return {"folds": folds, "results": results, "totals": totals(results)}


def sealed(root: Path = SEALED, corpus: Path = CORPUS) -> dict:
    """The model trained on the whole corpus (the shipped one), scored on the sealed set."""
    model = train(load_corpus(corpus))
    rows = load_corpus(root)
    results = score(model, rows, catalogues(root / "catalogues.json"))
    return {"folds": [], "results": results, "totals": totals(results)}


def totals(results: list[dict]) -> dict:
    n = len(results)
    facts = sum(r["checks"]["facts"] for r in results)
    kept = sum(r["checks"]["facts_kept"] for r in results)
    times = sorted(r["ms"] for r in results)
    expected = sum(r["order_expected"] for r in results)
    return {
        "mails": n,
        "category_accuracy": sum(r["category"] == r["predicted_category"] for r in results) / n,
        "priority_accuracy": sum(r["priority"] == r["predicted_priority"] for r in results) / n,
        "facts": facts,
        "facts_kept": kept / facts if facts else 1.0,
        "french": sum(r["checks"]["french"] for r in results) / n,
        "short": sum(r["checks"]["short"] for r in results) / n,
        "no_invented_number": sum(not r["checks"]["invented"] for r in results) / n,
        "order_lines_expected": expected,
        "order_lines_found": sum(r["order_found"] for r in results) / expected if expected else 1.0,
        "order_lines_extra": sum(r["order_extra"] for r in results),
        "p50_ms": times[n // 2],
        "p95_ms": times[min(n - 1, int(n * 0.95))],
    }
