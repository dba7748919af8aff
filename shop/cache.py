"""The cache key of an account's shop snapshot, and its invalidation.

Kept apart from the selectors so that the catalog app, whose product writes change the snapshot
too, can invalidate it without importing the shop's models.
"""

from django.core.cache import cache
from django.db import transaction

KEY = "shop:knowledge:v1:{account_id}"


def knowledge_key(account_id: int) -> str:
    return KEY.format(account_id=account_id)


def knowledge_invalidate(account_id: int) -> None:
    """Drop the snapshot now and again when the transaction commits.

    The second delete matters: a reader between our write and the commit would otherwise cache
    the old rows again, and the assistant would keep stale prices until the next write.
    """
    key = knowledge_key(account_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))
