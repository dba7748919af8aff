"""A trained linear classifier at run time, in pure Python: weights in one flat float32 table (feature
row i, class c at ``i * len(classes) + c``), a softmax, and the artefact as gzipped JSON with the table
in base64. Shared by the assistant's intent model and the e-mail assistant's mail model, both trained
with scikit-learn and read here without it."""

from __future__ import annotations

import base64
import gzip
import json
import math
import sys
from array import array
from collections.abc import Iterable
from pathlib import Path


def softmax(classes: tuple[str, ...], bias: list[float], table: array, rows: Iterable[tuple[int, float]]) -> dict:
    """{class: probability} for the features given as (table row, value)."""
    scores = list(bias)
    k = len(scores)
    for i, value in rows:
        i *= k
        for c in range(k):
            scores[c] += value * table[i + c]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return {c: e / total for c, e in zip(classes, exps, strict=True)}


def table_to_text(table: array) -> str:
    """The table as base64 of float32, little-endian."""
    table = array("f", table)
    if sys.byteorder != "little":
        table.byteswap()
    return base64.b64encode(table.tobytes()).decode("ascii")


def table_from_text(text: str) -> array:
    table = array("f")
    table.frombytes(base64.b64decode(text))
    if sys.byteorder != "little":
        table.byteswap()
    return table


def artefact_write(path: Path, data: dict) -> None:
    """Sorted, compact JSON, gzipped with mtime 0: the same model gives the same bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(text.encode("utf-8"))


def artefact_read(path: Path) -> dict:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)
