import pytest

from subscriptions.models import Plan
from subscriptions.selectors import account_permissions, account_status, plan_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("code", "limit", "analytics", "advanced"),
    [
        ("gratuit", 100, False, False),
        ("starter", 500, True, False),
        ("pro", 2000, True, False),
        ("entreprise", -1, True, True),
    ],
)
def test_each_seeded_plan_has_the_spec_cap_and_flags(user_on, code, limit, analytics, advanced):
    user = user_on(code)

    assert account_status(user) == {"subscription_plan": code, "is_fully_verified": True, "conversation_limit": limit}
    assert account_permissions(user) == {"can_access_analytics": analytics, "can_use_advanced_features": advanced}


def test_the_catalogue_holds_the_plans_as_sold_with_their_prices():
    rows = {plan.code: (plan.name, plan.price_fcfa) for plan in Plan.objects.all()}

    assert rows == {
        "gratuit": ("Gratuit", 0),
        "starter": ("Starter", 78800),
        "pro": ("Pro Business", 89355),
        "entreprise": ("Entreprise", None),
    }


def test_an_unknown_plan_code_falls_back_to_the_gratuit_plan(user_on):
    user = user_on("platine")

    assert plan_for(user).code == "gratuit"
    assert account_status(user)["conversation_limit"] == 100
    assert account_permissions(user)["can_access_analytics"] is False


def test_plan_choices_list_the_catalogue_in_rank_order():
    from subscriptions.selectors import plan_choices

    assert plan_choices() == [
        ("gratuit", "Gratuit"),
        ("starter", "Starter"),
        ("pro", "Pro Business"),
        ("entreprise", "Entreprise"),
    ]


@pytest.mark.django_db(transaction=True)
def test_an_emptied_catalogue_gets_its_default_plans_back_after_flush_without_losing_staff_edits():
    from django.core.management import call_command

    Plan.objects.filter(code="pro").delete()
    Plan.objects.filter(code="gratuit").update(conversation_limit=150)

    call_command("migrate", verbosity=0)

    assert Plan.objects.get(code="pro").conversation_limit == 2000
    assert Plan.objects.get(code="gratuit").conversation_limit == 150

    call_command("flush", interactive=False, verbosity=0)

    assert sorted(Plan.objects.values_list("code", "conversation_limit")) == [
        ("entreprise", -1),
        ("gratuit", 100),
        ("pro", 2000),
        ("starter", 500),
    ]
