"""Reads for the assistant: a small process-level cache of compiled shop knowledge, keyed by
(account, shop version), so the document is compiled once per version and not on every message."""

from collections import OrderedDict
from threading import Lock

from .engine import Knowledge

MAX_SHOPS = 64

_cache: "OrderedDict[tuple, Knowledge]" = OrderedDict()
_lock = Lock()


def knowledge_for(snapshot) -> Knowledge:
    """``snapshot`` has ``account_id``, ``version`` and ``document`` (shop.selectors.shop_knowledge)."""
    key = (snapshot.account_id, snapshot.version)
    with _lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return hit
    knowledge = Knowledge.from_document(snapshot.document)
    with _lock:
        _cache[key] = knowledge
        _cache.move_to_end(key)
        while len(_cache) > MAX_SHOPS:
            _cache.popitem(last=False)
    return knowledge


def knowledge_cache_clear() -> None:
    with _lock:
        _cache.clear()
