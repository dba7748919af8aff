"""The learned mail model: TF-IDF over the features of text.py, two logistic regressions (category and
priority) trained by emails/learning.py with scikit-learn, shipped as one small gzipped JSON artefact.

Inference is pure Python: a dictionary of weights and a softmax, no scikit-learn or NumPy at run time.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from pathlib import Path

from core.linear import artefact_read, artefact_write, softmax, table_from_text, table_to_text

from .text import weigh

ARTEFACT = Path(__file__).resolve().parent / "data" / "mail_model.json.gz"


SIGNALS = (
    "f:urgent",
    "f:soon",
    "f:due",
    "f:complaint",
    "f:date",
    "f:amount",
    "f:receipt",
    "f:quantity",
    "f:reference",
    "f:webmail",
)


def priority_extras(category: str, counts: dict[str, float]) -> list[str]:
    """The priority head's own features: the category, and the category crossed with each signal present."""
    return [f"pc:{category}"] + [f"pc:{category}:{signal}" for signal in SIGNALS if counts.get(signal)]


class Head:
    """One classifier: classes, biases and a float32 table (feature i, class c at ``i * k + c``)."""

    def __init__(self, classes, bias, table: array):
        self.classes = tuple(classes)
        self.bias = [float(b) for b in bias]
        self.table = table

    def probabilities(self, vector: dict[int, float]) -> dict[str, float]:
        rows = len(self.table) // len(self.bias)
        # A feature this head was not trained on is skipped.
        return softmax(self.classes, self.bias, self.table, ((i, v) for i, v in vector.items() if i < rows))


class MailModel:
    def __init__(self, features: list[str], idf: list[float], heads: dict[str, Head], meta: dict | None = None):
        self.features = list(features)
        self.index = {name: i for i, name in enumerate(self.features)}
        self.idf = {name: float(v) for name, v in zip(self.features, idf, strict=True)}
        self.heads = heads
        self.meta = meta or {}

    def vector(self, counts: dict[str, float]) -> dict[int, float]:
        return {self.index[name]: v for name, v in weigh(counts, self.idf).items()}

    def predict(self, counts: dict[str, float]) -> dict[str, dict[str, float]]:
        """The category first; the priority then reads the category it was given (crossed with the mail's
        urgency signals): a late bill and a late newsletter are not the same thing."""
        vector = self.vector(counts)
        categories = self.heads["category"].probabilities(vector)
        category = max(categories, key=categories.get)
        extra = {self.index[name]: 1.0 for name in priority_extras(category, counts) if name in self.index}
        return {"category": categories, "priority": self.heads["priority"].probabilities({**vector, **extra})}

    def save(self, path: Path = ARTEFACT) -> None:
        data = {
            "features": self.features,
            "idf": [round(self.idf[name], 6) for name in self.features],
            "heads": {
                name: {
                    "classes": list(h.classes),
                    "bias": [round(b, 6) for b in h.bias],
                    "table": table_to_text(h.table),
                }
                for name, h in sorted(self.heads.items())
            },
            "meta": self.meta,
        }
        artefact_write(path, data)

    @classmethod
    def load(cls, path: Path = ARTEFACT) -> MailModel:
        d = artefact_read(path)
        heads = {name: Head(h["classes"], h["bias"], table_from_text(h["table"])) for name, h in d["heads"].items()}
        return cls(d["features"], d["idf"], heads, d.get("meta"))


@lru_cache(maxsize=1)
def default_model() -> MailModel | None:
    """The shipped model, loaded once per process; None when the artefact is absent (rules alone)."""
    if not ARTEFACT.exists():
        return None
    return MailModel.load(ARTEFACT)
