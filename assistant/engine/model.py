"""The learned intent model: a multinomial logistic regression over the features of features.py,
trained on the corpus of many businesses (assistant/learning.py, scikit-learn) and shipped as a small
committed artefact. Inference is pure Python (a dictionary of weights and a softmax): no scikit-learn,
NumPy or file download at run time, a fraction of a millisecond a message.

The seam: anything with ``probabilities(features) -> {intent: p}`` can classify (a language model
could); the decision (understanding.py) does not know who did.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from core.linear import artefact_read, artefact_write, softmax, table_from_text, table_to_text

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
        index = self.index
        rows = ((index[name], value) for name, value in features.items() if name in index)
        return softmax(self.classes, self.bias, self.table, rows)

    def save(self, path: Path = ARTEFACT) -> None:
        data = {
            "classes": list(self.classes),
            "bias": [round(b, 5) for b in self.bias],
            "features": list(self.index),
            "table": table_to_text(self.table),
            "meta": self.meta,
        }
        artefact_write(path, data)

    @classmethod
    def load(cls, path: Path = ARTEFACT) -> IntentModel:
        d = artefact_read(path)
        model = cls(d["classes"], d["bias"], {}, d.get("meta"))
        model.index = {name: i for i, name in enumerate(d["features"])}
        model.table = table_from_text(d["table"])
        return model


@lru_cache(maxsize=1)
def default_model() -> IntentModel | None:
    """The shipped model, loaded once per process; None when the artefact is absent (rules alone)."""
    if not ARTEFACT.exists():
        return None
    return IntentModel.load(ARTEFACT)
