"""Changing an account's plan: the service, the management command and the user admin, each recorded."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from accounts.tests.factories import StaffFactory, UserFactory
from core.exceptions import ApplicationError
from subscriptions.models import PlanChange
from subscriptions.selectors import account_permissions, account_status
from subscriptions.services import plan_change_record, user_plan_set

pytestmark = pytest.mark.django_db
User = get_user_model()


def changes(user):
    return list(
        PlanChange.objects.filter(user=user)
        .order_by("id")
        .values_list("from_plan", "from_status", "to_plan", "to_status", "source")
    )


# --- the service -------------------------------------------------------------------------------


def test_setting_a_plan_saves_it_and_records_who_changed_what():
    user = UserFactory()
    staff = StaffFactory()

    returned = user_plan_set(user=user, plan_code="pro", status="actif", changed_by=staff, source="admin")

    assert returned is user
    user.refresh_from_db()
    assert (user.plan_abonnement, user.statut_abonnement) == ("pro", "actif")
    change = PlanChange.objects.get(user=user)
    assert (change.from_plan, change.from_status, change.to_plan, change.to_status) == (
        "gratuit",
        "inactif",
        "pro",
        "actif",
    )
    assert change.changed_by == staff
    assert change.source == "admin"
    assert change.changed_at is not None


def test_the_status_is_kept_when_none_is_given():
    user = UserFactory(statut_abonnement="essai")

    user_plan_set(user=user, plan_code="entreprise")

    user.refresh_from_db()
    assert (user.plan_abonnement, user.statut_abonnement) == ("entreprise", "essai")
    assert changes(user) == [("gratuit", "essai", "entreprise", "essai", "admin")]


def test_a_status_change_alone_is_recorded():
    user = UserFactory(plan_abonnement="pro")

    user_plan_set(user=user, plan_code="pro", status="suspendu", source="system")

    assert changes(user) == [("pro", "inactif", "pro", "suspendu", "system")]


def test_setting_the_same_plan_and_status_records_nothing():
    user = UserFactory(plan_abonnement="pro", statut_abonnement="actif")

    user_plan_set(user=user, plan_code="pro", status="actif")

    assert changes(user) == []


def test_an_unknown_plan_code_is_refused_in_french_and_nothing_changes():
    user = UserFactory()

    with pytest.raises(ApplicationError) as refused:
        user_plan_set(user=user, plan_code="platine")

    assert refused.value.status_code == 400
    assert refused.value.code == "unknown_plan"
    assert (
        refused.value.message
        == "Plan d'abonnement inconnu : « platine ». Plans disponibles : gratuit, starter, pro, entreprise."
    )
    user.refresh_from_db()
    assert user.plan_abonnement == "gratuit"
    assert changes(user) == []


def test_an_unknown_status_is_refused_in_french():
    user = UserFactory()

    with pytest.raises(ApplicationError) as refused:
        user_plan_set(user=user, plan_code="pro", status="gele")

    assert refused.value.status_code == 400
    assert refused.value.code == "unknown_status"
    assert refused.value.message == (
        "Statut d'abonnement inconnu : « gele ». Statuts possibles : inactif, essai, actif, suspendu, expire."
    )
    assert changes(user) == []


def test_a_caller_that_saved_the_new_plan_first_records_the_change_explicitly():
    """No hidden state remembers what an instance was loaded with: the caller says where it came from."""
    user = User.objects.get(pk=UserFactory().pk)
    user.plan_abonnement = "pro"
    user.save()

    plan_change_record(user=user, from_plan="gratuit", from_status="inactif", source="admin")

    assert changes(user) == [("gratuit", "inactif", "pro", "inactif", "admin")]


def test_recording_a_change_that_changed_nothing_records_nothing():
    user = UserFactory()

    assert plan_change_record(user=user, from_plan="gratuit", from_status="inactif") is None
    assert changes(user) == []


def test_a_plan_change_updates_what_the_selectors_report():
    user = UserFactory()

    user_plan_set(user=user, plan_code="pro")

    fresh = User.objects.get(pk=user.pk)
    assert account_status(fresh)["conversation_limit"] == 2000
    assert account_permissions(fresh)["can_access_analytics"] is True


# --- manage.py set_plan ------------------------------------------------------------------------


def test_set_plan_changes_the_plan_and_status_and_records_the_command(capsys):
    user = UserFactory(adresse_email="awa@exemple.ci")

    call_command("set_plan", "AWA@exemple.ci", "pro", "--status", "actif")

    user.refresh_from_db()
    assert (user.plan_abonnement, user.statut_abonnement) == ("pro", "actif")
    assert changes(user) == [("gratuit", "inactif", "pro", "actif", "command")]
    assert PlanChange.objects.get(user=user).changed_by is None
    assert capsys.readouterr().out.strip() == "Plan de awa@exemple.ci : gratuit (inactif) → pro (actif)."


def test_set_plan_without_status_keeps_the_status(capsys):
    user = UserFactory(adresse_email="awa@exemple.ci", statut_abonnement="essai")

    call_command("set_plan", "awa@exemple.ci", "entreprise")

    user.refresh_from_db()
    assert (user.plan_abonnement, user.statut_abonnement) == ("entreprise", "essai")


def test_set_plan_accepts_codes_typed_in_capitals():
    user = UserFactory(adresse_email="awa@exemple.ci")

    call_command("set_plan", "awa@exemple.ci", "Pro", "--status", "ACTIF")

    user.refresh_from_db()
    assert (user.plan_abonnement, user.statut_abonnement) == ("pro", "actif")


def test_set_plan_says_so_when_nothing_changes(capsys):
    UserFactory(adresse_email="awa@exemple.ci", plan_abonnement="pro")

    call_command("set_plan", "awa@exemple.ci", "pro")

    assert capsys.readouterr().out.strip() == "Aucun changement : awa@exemple.ci a déjà le plan pro (inactif)."
    assert PlanChange.objects.count() == 0


def test_set_plan_refuses_an_unknown_account():
    with pytest.raises(CommandError, match="^Aucun compte avec l'adresse email « personne@exemple.ci ».$"):
        call_command("set_plan", "personne@exemple.ci", "pro")


def test_set_plan_refuses_an_unknown_plan_in_french():
    UserFactory(adresse_email="awa@exemple.ci")

    with pytest.raises(CommandError, match="^Plan d'abonnement inconnu : « or »"):
        call_command("set_plan", "awa@exemple.ci", "or")
    assert PlanChange.objects.count() == 0


def test_set_plan_refuses_an_unknown_status_in_french():
    UserFactory(adresse_email="awa@exemple.ci")

    with pytest.raises(CommandError, match="^Statut d'abonnement inconnu : « payé »"):
        call_command("set_plan", "awa@exemple.ci", "pro", "--status", "payé")
