"""Staff tools in Django admin: the plan catalogue, the change history, the usage counters, and a
plan change made in the user admin being recorded."""

import pytest
from django.contrib.auth import get_user_model

from accounts.tests.factories import StaffFactory, UserFactory
from subscriptions.models import ConversationUsage, Plan, PlanChange
from subscriptions.selectors import month_start
from subscriptions.services import user_plan_set

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def staff_client(client):
    staff = StaffFactory()
    client.force_login(staff)
    client.staff = staff
    return client


def form_data(response) -> dict:
    """The data a browser would post back for the change form shown in ``response`` (with the
    management forms of any inlines, whatever the accounts app adds to its admin)."""
    data = {}
    for inline in response.context.get("inline_admin_formsets", []):
        management = inline.formset.management_form
        for name in management.fields:
            value = management[name].value()
            if value is not None:
                data[management.add_prefix(name)] = str(value)
    form = response.context["adminform"].form
    for name, field in form.fields.items():
        if field.disabled:
            continue
        value = form[name].value()
        if value is None or value is False:
            continue
        if value is True:
            data[name] = "on"
        elif isinstance(value, (list, tuple)):
            data[name] = [str(item) for item in value]
        else:
            data[name] = str(value)
    return data


def test_staff_see_the_plan_catalogue_with_prices_and_caps(staff_client):
    response = staff_client.get("/admin/subscriptions/plan/")

    assert response.status_code == 200
    page = response.content.decode()
    for text in ["Gratuit", "Pro Business", "Entreprise", "89\u202f355\u00a0F CFA", "Sur devis"]:
        assert text in page


def test_staff_edit_a_plan_cap_and_flags_in_the_admin(staff_client):
    plan = Plan.objects.get(code="pro")
    url = f"/admin/subscriptions/plan/{plan.pk}/change/"
    data = form_data(staff_client.get(url))
    data.update(conversation_limit="1500", can_use_advanced_features="on")

    response = staff_client.post(url, data)

    assert response.status_code == 302
    plan.refresh_from_db()
    assert (plan.conversation_limit, plan.can_use_advanced_features) == (1500, True)
    assert plan.code == "pro"


def test_a_plan_code_cannot_be_renamed_nor_a_default_plan_deleted(staff_client):
    plan = Plan.objects.get(code="gratuit")

    page = staff_client.get(f"/admin/subscriptions/plan/{plan.pk}/change/")
    assert "code" not in page.context["adminform"].form.fields
    assert staff_client.get(f"/admin/subscriptions/plan/{plan.pk}/delete/").status_code == 403


def test_a_cap_below_minus_one_is_refused(staff_client):
    plan = Plan.objects.get(code="pro")
    url = f"/admin/subscriptions/plan/{plan.pk}/change/"
    data = form_data(staff_client.get(url))
    data["conversation_limit"] = "-5"

    response = staff_client.post(url, data)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["conversation_limit"]
    plan.refresh_from_db()
    assert plan.conversation_limit == 2000


def test_the_change_history_is_visible_filterable_and_read_only(staff_client):
    user = UserFactory(adresse_email="awa@exemple.ci")
    user_plan_set(user=user, plan_code="pro", status="actif", changed_by=staff_client.staff, source="admin")
    other = UserFactory(adresse_email="koffi@exemple.ci")
    user_plan_set(user=other, plan_code="entreprise", source="command")
    change = PlanChange.objects.get(user=user)

    listing = staff_client.get("/admin/subscriptions/planchange/?source__exact=admin")
    assert listing.status_code == 200
    assert list(listing.context["cl"].result_list) == [change]
    assert "awa@exemple.ci" in listing.content.decode()

    assert staff_client.get("/admin/subscriptions/planchange/add/").status_code == 403
    detail = staff_client.get(f"/admin/subscriptions/planchange/{change.pk}/change/")
    assert detail.status_code == 200
    assert detail.context["has_change_permission"] is False
    assert (
        staff_client.post(f"/admin/subscriptions/planchange/{change.pk}/change/", {"to_plan": "gratuit"}).status_code
        == 403
    )
    assert staff_client.post(f"/admin/subscriptions/planchange/{change.pk}/delete/", {"post": "yes"}).status_code == 403
    assert PlanChange.objects.filter(pk=change.pk).exists()


def test_staff_see_and_correct_a_monthly_usage_counter(staff_client):
    user = UserFactory(adresse_email="awa@exemple.ci")
    usage = ConversationUsage.objects.create(user=user, month=month_start(), count=100)

    assert "awa@exemple.ci" in staff_client.get("/admin/subscriptions/conversationusage/").content.decode()
    url = f"/admin/subscriptions/conversationusage/{usage.pk}/change/"
    response = staff_client.post(url, {**form_data(staff_client.get(url)), "count": "40"})

    assert response.status_code == 302
    usage.refresh_from_db()
    assert usage.count == 40


def test_changing_a_plan_in_the_user_admin_is_recorded(staff_client):
    """Relies on accounts/admin.py's UserAdmin.save_model calling services.user_plan_set."""
    user = UserFactory(adresse_email="awa@exemple.ci")
    url = f"/admin/accounts/user/{user.pk}/change/"
    data = form_data(staff_client.get(url))
    data.update(plan_abonnement="pro", statut_abonnement="actif")

    response = staff_client.post(url, data)

    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else response
    user.refresh_from_db()
    assert (user.plan_abonnement, user.statut_abonnement) == ("pro", "actif")
    change = PlanChange.objects.get(user=user)
    assert (change.from_plan, change.from_status, change.to_plan, change.to_status) == (
        "gratuit",
        "inactif",
        "pro",
        "actif",
    )
    assert change.changed_by == staff_client.staff
    assert change.source == "admin"


def test_saving_the_user_admin_without_touching_the_plan_records_nothing(staff_client):
    user = UserFactory(adresse_email="awa@exemple.ci")
    url = f"/admin/accounts/user/{user.pk}/change/"
    data = form_data(staff_client.get(url))
    data["nom_entreprise"] = "Boutique Awa"

    assert staff_client.post(url, data).status_code == 302
    assert PlanChange.objects.filter(user=user).count() == 0
