"""Not a factory any more: the one UserFactory is accounts.tests.factories'. This name stays only
while the conversations tests (owned apart) still import it from here; delete it once they don't."""

from accounts.tests.factories import UserFactory

__all__ = ["UserFactory"]
