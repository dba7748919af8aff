"""The learned intent model: a multinomial logistic regression over the features of features.py,
trained on the corpus of many businesses (assistant/learning.py, scikit-learn) and shipped as a small
committed artefact. Inference is pure Python (a dictionary of weights and a softmax): no scikit-learn,
NumPy or file download at run time, a fraction of a millisecond a message.

The seam: anything with ``probabilities(features) -> {intent: p}`` can classify (a language model
could); the decision (understanding.py) does not know who did.
"""

from __future__ import annotations

import base64
import gzip
import json
import math
import sys
from array import array
from functools import lru_cache
from pathlib import Path
from typing import Protocol

ARTEFACT = Path(__file__).resolve().parent / "data" / "intent_model.json.gz"


class IntentClassifier(Protocol):
    classes: tuple[str, ...]

    def probabilities(self, features: dict[str, float]) -> dict[str, float]: ...


class IntentModel:
    """Weights in one flat float32 table (feature i, class c at ``i * len(classes) + c``) and a name → row
    index: a few megabytes resident, where a dictionary of Python floats took tens."""

    def __init__(self, classes, bias, weights: dict[str, list[float]], meta: dict | None = None):
        self.classes = tuple(classes)
        self.bias = [float(b) for b in bias]
        names = sorted(weights)
        self.index = {name: i for i, name in enumerate(names)}
        self.table = array("f")
        for name in names:
            self.table.extend(weights[name])
        self.meta = meta or {}

    @property
    def features(self) -> list[str]:
        return list(self.index)

    def weights_of(self, name: str) -> list[float]:
        k = len(self.classes)
        i = self.index[name] * k
        return list(self.table[i : i + k])

    def probabilities(self, features: dict[str, float]) -> dict[str, float]:
        scores = list(self.bias)
        k = len(scores)
        table, index = self.table, self.index
        for name, value in features.items():
            i = index.get(name)
            if i is None:
                continue
            i *= k
            for c in range(k):
                scores[c] += value * table[i + c]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return {c: e / total for c, e in zip(self.classes, exps, strict=True)}

    def save(self, path: Path = ARTEFACT) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        table = array("f", self.table)
        if sys.byteorder != "little":
            table.byteswap()
        data = {
            "classes": list(self.classes),
            "bias": [round(b, 5) for b in self.bias],
            "features": list(self.index),
            "table": base64.b64encode(table.tobytes()).decode("ascii"),  # float32, little-endian
            "meta": self.meta,
        }
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        # mtime=0: the same model gives the same bytes.
        with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
            f.write(text.encode("utf-8"))

    @classmethod
    def load(cls, path: Path = ARTEFACT) -> IntentModel:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            d = json.load(f)
        model = cls(d["classes"], d["bias"], {}, d.get("meta"))
        model.index = {name: i for i, name in enumerate(d["features"])}
        model.table = array("f")
        model.table.frombytes(base64.b64decode(d["table"]))
        if sys.byteorder != "little":
            model.table.byteswap()
        return model


@lru_cache(maxsize=1)
def default_model() -> IntentModel | None:
    """The shipped model, loaded once per process; None when the artefact is absent (rules alone)."""
    if not ARTEFACT.exists():
        return None
    return IntentModel.load(ARTEFACT)
