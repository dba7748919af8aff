import pytest

from subscriptions.models import Plan
from subscriptions.selectors import account_permissions, account_status, plan_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("code", "limit", "analytics", "advanced"),
    [("gratuit", 100, False, False), ("pro", 1000, True, False), ("entreprise", -1, True, True)],
)
def test_each_seeded_plan_has_the_spec_cap_and_flags(user_on, code, limit, analytics, advanced):
    user = user_on(code)

    assert account_status(user) == {"subscriptionPlan": code, "isFullyVerified": True, "conversationLimit": limit}
    assert account_permissions(user) == {"canAccessAnalytics": analytics, "canUseAdvancedFeatures": advanced}


def test_the_catalogue_holds_the_three_plans_with_their_prices():
    rows = {plan.code: (plan.name, plan.price_fcfa) for plan in Plan.objects.all()}

    assert rows == {"gratuit": ("Gratuit", 0), "pro": ("Pro Business", 89355), "entreprise": ("Entreprise", None)}


def test_an_unknown_plan_code_falls_back_to_the_gratuit_plan(user_on):
    user = user_on("platine")

    assert plan_for(user).code == "gratuit"
    assert account_status(user)["conversationLimit"] == 100
    assert account_permissions(user)["canAccessAnalytics"] is False
