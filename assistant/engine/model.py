"""The learned intent model: a multinomial logistic regression over the features of features.py,
trained on the corpus of many businesses (assistant/learning.py, scikit-learn) and shipped as a small
committed artefact. Inference is pure Python (a dictionary of weights and a softmax): no scikit-learn,
NumPy or file download at run time, a fraction of a millisecond a message.

The seam: anything with ``probabilities(features) -> {intent: p}`` can classify (a language model
could); the decision (understanding.py) does not know who did.
"""

from __future__ import annotations

import gzip
import json
import math
from array import array
from functools import lru_cache
from pathlib import Path
from typing import Protocol

ARTEFACT = Path(__file__).resolve().parent / "data" / "intent_model.json.gz"


class IntentClassifier(Protocol):
    classes: tuple[str, ...]

    def probabilities(self, features: dict[str, float]) -> dict[str, float]: ...


class IntentModel:
    def __init__(self, classes, bias, weights: dict[str, list[float]], meta: dict | None = None):
        self.classes = tuple(classes)
        self.bias = [float(b) for b in bias]
        # array('f') per feature: ~4 bytes a weight instead of a Python float's 24.
        self.weights = {name: array("f", w) for name, w in weights.items()}
        self.meta = meta or {}

    def probabilities(self, features: dict[str, float]) -> dict[str, float]:
        scores = list(self.bias)
        k = len(scores)
        for name, value in features.items():
            w = self.weights.get(name)
            if w is None:
                continue
            for c in range(k):
                scores[c] += value * w[c]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return {c: e / total for c, e in zip(self.classes, exps, strict=True)}

    def to_dict(self) -> dict:
        return {
            "classes": list(self.classes),
            "bias": [round(b, 5) for b in self.bias],
            "weights": {name: [round(x, 5) for x in w] for name, w in sorted(self.weights.items())},
            "meta": self.meta,
        }

    def save(self, path: Path = ARTEFACT) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        # mtime=0: the same model gives the same bytes.
        with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
            f.write(data.encode("utf-8"))

    @classmethod
    def load(cls, path: Path = ARTEFACT) -> IntentModel:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            d = json.load(f)
        return cls(d["classes"], d["bias"], d["weights"], d.get("meta"))


@lru_cache(maxsize=1)
def default_model() -> IntentModel | None:
    """The shipped model, loaded once per process; None when the artefact is absent (rules alone)."""
    if not ARTEFACT.exists():
        return None
    return IntentModel.load(ARTEFACT)
