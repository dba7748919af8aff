import pytest
from django.core import mail

from accounts import services
from accounts.models import OneTimeCode, User

from .factories import UnverifiedUserFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    staff = User.objects.create_superuser(
        adresse_email="admin@flux-ia.ci", password="Admin2025xyz", prenom="Ad", nom="Min"
    )
    client.force_login(staff)
    client.staff = staff
    return client


def change_url(user):
    return f"/admin/accounts/user/{user.pk}/change/"


def form_data(user, **changes):
    data = {
        "adresse_email": user.adresse_email,
        "prenom": user.prenom,
        "nom": user.nom,
        "numero_telephone": str(user.numero_telephone),
        "whatsapp": user.whatsapp,
        "pays": user.pays,
        "adresse": user.adresse,
        "nom_entreprise": user.nom_entreprise,
        "secteur_activite": user.secteur_activite,
        "plan_abonnement": user.plan_abonnement,
        "statut_abonnement": user.statut_abonnement,
        "compte_verifie": "on" if user.compte_verifie else "",
        "otp_verified": "on" if user.otp_verified else "",
        "is_active": "on",
        "one_time_codes-TOTAL_FORMS": "0",
        "one_time_codes-INITIAL_FORMS": "0",
        "one_time_codes-MIN_NUM_FORMS": "0",
        "one_time_codes-MAX_NUM_FORMS": "1000",
        "date_creation": "",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v != ""}


def test_users_are_searchable_by_email_phone_and_company(staff_client):
    UserFactory(adresse_email="awa@example.ci", numero_telephone="+2250505050505", nom_entreprise="Garba Express")
    for term in ("awa@example", "0505050505", "Garba"):
        response = staff_client.get("/admin/accounts/user/", {"q": term})
        assert b"awa@example.ci" in response.content


def test_users_are_filtered_by_plan_and_verification(staff_client):
    UnverifiedUserFactory(adresse_email="nonverifie@example.ci")
    response = staff_client.get("/admin/accounts/user/", {"compte_verifie__exact": "0"})
    assert b"nonverifie@example.ci" in response.content
    response = staff_client.get("/admin/accounts/user/", {"plan_abonnement": "pro"})
    assert b"nonverifie@example.ci" not in response.content


def test_codes_are_listed_read_only_without_their_hash(staff_client):
    user = UnverifiedUserFactory()
    otp = services.one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    response = staff_client.get(change_url(user))
    assert response.status_code == 200
    assert otp.code_hash.encode() not in response.content
    assert "Vérification du compte".encode() in response.content
    response = staff_client.get(f"/admin/accounts/onetimecode/{otp.pk}/change/")
    assert response.status_code == 200
    assert otp.code_hash.encode() not in response.content
    assert staff_client.get("/admin/accounts/onetimecode/add/").status_code == 403


def test_the_resend_action_sends_a_new_code(staff_client, django_capture_on_commit_callbacks):
    user = UnverifiedUserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post("/admin/accounts/user/", {"action": "resend_code", "_selected_action": [user.pk]})
    assert [m.to for m in mail.outbox] == [[user.adresse_email]]


def test_the_mark_verified_action(staff_client):
    user = UnverifiedUserFactory()
    staff_client.post("/admin/accounts/user/", {"action": "mark_verified", "_selected_action": [user.pk]})
    user.refresh_from_db()
    assert user.compte_verifie and user.otp_verified


def test_the_unlock_codes_action(staff_client):
    user = UnverifiedUserFactory(otp_failures=100)
    staff_client.post("/admin/accounts/user/", {"action": "unlock_codes", "_selected_action": [user.pk]})
    user.refresh_from_db()
    assert user.otp_failures == 0


def test_a_plan_change_in_the_admin_goes_through_the_subscriptions_service(staff_client):
    from subscriptions.models import PlanChange

    user = UserFactory()
    response = staff_client.post(
        change_url(user), form_data(user, plan_abonnement="pro", statut_abonnement="actif", prenom="Aya")
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    user.refresh_from_db()
    assert (user.plan_abonnement, user.statut_abonnement, user.prenom) == ("pro", "actif", "Aya")
    change = PlanChange.objects.get(user=user)
    assert (change.from_plan, change.to_plan, change.from_status, change.to_status) == (
        "gratuit",
        "pro",
        "inactif",
        "actif",
    )
    assert change.changed_by == staff_client.staff and change.source == "admin"


def test_an_unknown_plan_code_is_a_form_error(staff_client):
    user = UserFactory()
    response = staff_client.post(change_url(user), form_data(user, plan_abonnement="platine"))
    assert response.status_code == 200
    assert b"Plan d&#x27;abonnement inconnu" in response.content or b"Plan d'abonnement inconnu" in response.content
    user.refresh_from_db()
    assert user.plan_abonnement == "gratuit"


def test_an_edit_that_does_not_touch_the_plan_records_no_change(staff_client):
    from subscriptions.models import PlanChange

    user = UserFactory()
    response = staff_client.post(change_url(user), form_data(user, prenom="Aya"))
    assert response.status_code == 302
    assert not PlanChange.objects.exists()


def test_staff_accounts_are_created_with_createsuperuser(monkeypatch):
    from django.core.management import call_command

    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "Equipe2025xyz")
    call_command(
        "createsuperuser", interactive=False, adresse_email="Equipe@Flux-IA.ci", prenom="Éq", nom="Uipe", verbosity=0
    )
    staff = User.objects.get(adresse_email="equipe@flux-ia.ci")
    assert staff.is_staff and staff.is_superuser and staff.compte_verifie
    assert staff.check_password("Equipe2025xyz")


def test_staff_can_add_an_account_in_the_admin(staff_client):
    assert staff_client.get("/admin/accounts/user/add/").status_code == 200
    response = staff_client.post(
        "/admin/accounts/user/add/",
        {
            "adresse_email": "Nouveau@Example.ci",
            "prenom": "Nou",
            "nom": "Veau",
            "password1": "Equipe2025xyz",
            "password2": "Equipe2025xyz",
            "usable_password": "true",
        },
    )
    import re

    assert response.status_code == 302, re.findall(r"errorlist[^>]*>(.*?)</ul>", response.content.decode(), re.S)
    assert User.objects.get(adresse_email__iexact="nouveau@example.ci").check_password("Equipe2025xyz")
