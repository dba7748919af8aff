"""Training and measuring the intent model on the corpus of businesses (assistant/corpus/).

- ``examples(folders)``: every labelled message of every business, turned into features with that
  business's own shop document (so the shop's words become PROD / ZONE / PAY).
- ``train(examples)``: scikit-learn's multinomial logistic regression, deterministic; exported as an
  ``IntentModel`` (pure-Python inference, see engine/model.py).
- ``leave_one_business_out(corpus)``: for each business, train on all the others and score the one left
  out with the full evaluation (messages and dialogues), beside the rule cascade alone.

scikit-learn is needed here only: training, the evaluation and the tests, never to answer a customer.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from assistant.engine import Knowledge
from assistant.engine import features as feature_mod
from assistant.engine import language as lang_mod
from assistant.engine.entities import Extractor
from assistant.engine.intents import INTENTS, classify
from assistant.engine.model import ARTEFACT, IntentModel
from assistant.engine.policy import new_state
from assistant.engine.text import normalise

CORPUS = Path(__file__).resolve().parent / "corpus"
# Labelled sets kept beside the corpus: the public development shop and the first hand-written sets.
EXTRA_SETS = Path(__file__).resolve().parent / "tests" / "data"

# Regularisation chosen by leave-one-business-out on the corpus (docs/assistant.md).
C = 1.0
MIN_WEIGHT = 1e-4


@dataclass
class Example:
    business: str
    id: str
    lang: str
    text: str
    intent: str
    features: dict


def business_folders(*roots: Path) -> list[Path]:
    folders = []
    for root in roots:
        root = Path(root)
        if (root / "business.json").exists():
            folders.append(root)
        else:
            folders.extend(sorted(p.parent for p in root.glob("*/business.json")))
    return folders


def _messages(folder: Path) -> list[dict]:
    path = folder / "messages.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def examples(folders: list[Path]) -> list[Example]:
    out = []
    for folder in folders:
        knowledge = Knowledge.from_document(json.loads((folder / "business.json").read_text(encoding="utf-8")))
        extractor = Extractor(knowledge)
        for m in _messages(folder):
            state = new_state()
            norm = normalise(m["text"])
            language = lang_mod.detect(norm, None) or "fr"
            ent = extractor.extract(norm)
            u = classify(norm, ent, knowledge, state, language)
            feats = feature_mod.extract(norm, ent, state, u)
            out.append(Example(folder.name, m["id"], m["lang"], m["text"], m["intent"], feats))
    return out


def train(data: list[Example], c: float = C) -> IntentModel:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vectorizer = DictVectorizer(sort=True)
    x = vectorizer.fit_transform([e.features for e in data])
    y = [e.intent for e in data]
    clf = LogisticRegression(C=c, max_iter=5000, tol=1e-6)
    clf.fit(x, y)
    classes = [str(k) for k in clf.classes_]
    coef = clf.coef_.T  # features x classes
    weights = {}
    for name, row in zip(vectorizer.feature_names_, coef, strict=True):
        if abs(row).max() >= MIN_WEIGHT:
            weights[name] = [float(v) for v in row]
    meta = {
        "businesses": sorted({e.business for e in data}),
        "examples": len(data),
        "c": c,
        "features": len(weights),
    }
    return IntentModel(classes, [float(b) for b in clf.intercept_], weights, meta)


def train_shipped(path: Path = ARTEFACT) -> IntentModel:
    """The shipped model: every business of the corpus and the extra sets."""
    model = train(examples(business_folders(CORPUS, EXTRA_SETS)))
    # Reloaded from its own float32 table, so what is tested is what ships.
    model.save(path)
    return IntentModel.load(path)


def intent_accuracy(model: IntentModel, data: list[Example]) -> float:
    hits = 0
    for e in data:
        probs = model.probabilities(e.features)
        hits += max(probs, key=probs.get) == e.intent
    return hits / len(data) if data else 0.0


def leave_one_business_out(corpus: Path = CORPUS, extra: list[Path] | None = None, c: float = C) -> dict:
    """Per held-out business: the rules alone and the model trained without it, scored the same way."""
    from assistant.evaluation import evaluate

    folders = business_folders(corpus)
    extra_folders = business_folders(*(extra or []))
    data = examples(folders + extra_folders)
    rows = []
    for folder in folders:
        t0 = time.perf_counter()
        model = train([e for e in data if e.business != folder.name], c=c)
        trained_s = time.perf_counter() - t0
        rows.append(
            {
                "business": folder.name,
                "rules": evaluate(folder, model=None),
                "model": evaluate(folder, model=model),
                "train_seconds": trained_s,
            }
        )
    return {"corpus": str(corpus), "businesses": rows, "intents": list(INTENTS)}
