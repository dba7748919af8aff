"""The monthly conversation cap: conversation_quota_consume and conversation_usage."""

from datetime import UTC, datetime

import pytest
import time_machine
from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView

from core.exceptions import ApplicationError
from subscriptions.models import ConversationUsage, Plan
from subscriptions.selectors import conversation_usage, month_start
from subscriptions.services import MSG_PLAN_LIMIT_REACHED, conversation_quota_consume

pytestmark = pytest.mark.django_db


def set_usage(user, count, *, at=None):
    ConversationUsage.objects.update_or_create(user=user, month=month_start(at), defaults={"count": count})


def test_a_new_account_has_used_no_conversation(user_on):
    assert conversation_usage(user_on("gratuit")) == 0


def test_each_new_conversation_is_counted_in_the_month(user_on):
    user = user_on("gratuit")

    assert conversation_quota_consume(user=user) == 1
    assert conversation_quota_consume(user=user) == 2
    assert conversation_usage(user) == 2


@pytest.mark.parametrize(("code", "cap"), [("gratuit", 100), ("starter", 500), ("pro", 2000)])
def test_the_last_conversation_under_the_cap_is_allowed(user_on, code, cap):
    user = user_on(code)
    set_usage(user, cap - 1)

    assert conversation_quota_consume(user=user) == cap
    assert conversation_usage(user) == cap


@pytest.mark.parametrize(("code", "cap", "name"), [("gratuit", 100, "Gratuit"), ("pro", 2000, "Pro Business")])
def test_a_conversation_at_the_cap_is_refused_with_plan_limit_reached(user_on, code, cap, name):
    user = user_on(code)
    set_usage(user, cap)

    with pytest.raises(ApplicationError) as refused:
        conversation_quota_consume(user=user)

    assert refused.value.code == "plan_limit_reached"
    assert refused.value.status_code == 403
    assert refused.value.message == MSG_PLAN_LIMIT_REACHED.format(limit=cap, plan=name)
    assert refused.value.message == (
        f"Vous avez atteint la limite de {cap} conversations par mois de votre plan {name}. "
        "Passez à un plan supérieur pour continuer."
    )
    assert conversation_usage(user) == cap


def test_an_unlimited_plan_is_never_refused_and_still_counted(user_on):
    user = user_on("entreprise")
    set_usage(user, 50_000)

    assert conversation_quota_consume(user=user) == 50_001
    assert conversation_usage(user) == 50_001


def test_the_cap_is_the_plan_row_that_staff_edited(user_on):
    Plan.objects.filter(code="gratuit").update(conversation_limit=3)
    user = user_on("gratuit")

    for _ in range(3):
        conversation_quota_consume(user=user)
    with pytest.raises(ApplicationError):
        conversation_quota_consume(user=user)


def test_an_upgrade_lifts_the_cap_within_the_same_month(user_on):
    user = user_on("gratuit")
    set_usage(user, 100)
    with pytest.raises(ApplicationError):
        conversation_quota_consume(user=user)

    user.plan_abonnement = "pro"
    user.save()

    assert conversation_quota_consume(user=user) == 101


def test_usage_counts_per_calendar_month_in_abidjan_time(user_on):
    """Africa/Abidjan is UTC+0 all year: 23:59:59 on 30 November is still November, midnight is December."""
    user = user_on("gratuit")

    with time_machine.travel(datetime(2026, 11, 30, 23, 59, 59, tzinfo=UTC), tick=False):
        conversation_quota_consume(user=user)
        conversation_quota_consume(user=user)
        assert conversation_usage(user) == 2

    with time_machine.travel(datetime(2026, 12, 1, 0, 0, 0, tzinfo=UTC), tick=False):
        assert conversation_usage(user) == 0
        conversation_quota_consume(user=user)
        assert conversation_usage(user) == 1

    assert conversation_usage(user, at=datetime(2026, 11, 15, 12, 0, tzinfo=UTC)) == 2
    assert list(ConversationUsage.objects.filter(user=user).order_by("month").values_list("month", "count")) == [
        (datetime(2026, 11, 1).date(), 2),
        (datetime(2026, 12, 1).date(), 1),
    ]


def test_a_full_month_does_not_block_the_next_one(user_on):
    user = user_on("gratuit")
    november = datetime(2026, 11, 20, 10, 0, tzinfo=UTC)
    set_usage(user, 100, at=november)

    with pytest.raises(ApplicationError):
        conversation_quota_consume(user=user, at=november)
    assert conversation_quota_consume(user=user, at=datetime(2026, 12, 1, 0, 0, tzinfo=UTC)) == 1


def test_the_month_boundary_is_read_in_the_business_time_zone(user_on, settings):
    """The boundary follows settings.TIME_ZONE, not UTC: proven with a zone that is not UTC+0."""
    settings.TIME_ZONE = "Africa/Lagos"  # UTC+1
    user = user_on("gratuit")

    conversation_quota_consume(user=user, at=datetime(2026, 11, 30, 23, 30, tzinfo=UTC))  # 00:30 on 1 Dec in Lagos

    assert conversation_usage(user, at=datetime(2026, 12, 10, tzinfo=UTC)) == 1
    assert conversation_usage(user, at=datetime(2026, 11, 10, tzinfo=UTC)) == 0


def test_the_month_start_in_abidjan_around_new_year():
    assert month_start(datetime(2026, 12, 31, 23, 59, 59, tzinfo=UTC)).isoformat() == "2026-12-01"
    assert month_start(datetime(2027, 1, 1, 0, 0, 0, tzinfo=UTC)).isoformat() == "2027-01-01"


class ConversationStartProbeApi(APIView):
    """Stands in for the conversations app's "start a conversation" endpoint."""

    def post(self, request):
        return Response({"used": conversation_quota_consume(user=request.user)}, status=201)


urlpatterns = [path("api/v1/probe/conversations", ConversationStartProbeApi.as_view())]


@pytest.mark.urls(__name__)
def test_an_api_refusing_at_the_cap_answers_403_plan_limit_reached_in_the_error_shape(user_on, authed_client):
    user = user_on("gratuit")
    set_usage(user, 99)
    client = authed_client(user)

    assert client.post("/api/v1/probe/conversations").json() == {"used": 100}
    response = client.post("/api/v1/probe/conversations")

    assert response.status_code == 403
    assert response.json() == {
        "message": "Vous avez atteint la limite de 100 conversations par mois de votre plan Gratuit. "
        "Passez à un plan supérieur pour continuer.",
        "error": "plan_limit_reached",
        "statusCode": 403,
    }
