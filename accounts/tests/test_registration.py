import pytest
from django.core import mail

from accounts import serializers as s
from accounts import services
from accounts.models import OneTimeCode, User
from core.serializers import MSG_BODY_NOT_OBJECT, MSG_NOT_A_STRING

from .conftest import code_in
from .factories import UnverifiedUserFactory, UserFactory

URL = "/api/v1/auth/registers"
pytestmark = pytest.mark.django_db


def errors_of(response) -> dict:
    body = response.json()
    assert body["error"] == "validation_error"
    assert body["statusCode"] == 400
    return body["errors"]


def test_it_registers_an_account_and_emails_a_code(api_client, registration, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(URL, registration, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["message"] == services.MSG_REGISTERED
    assert body["otp_sent"] is True
    # The OTP screen counts down to the code's expiry: ten minutes, in the device's own terms too.
    assert body["expires_in"] == 600 and body["expires_at"]
    assert body["user"]["whatsapp"] == registration["numero_telephone"]
    assert set(body["user"]) == {
        "id",
        "prenom",
        "nom",
        "adresse_email",
        "numero_telephone",
        "pays",
        "nom_entreprise",
        "secteur_activite",
        "plan_abonnement",
        "statut_abonnement",
        "compte_verifie",
        "otp_verified",
        "photo_profil",
        "whatsapp",
        "adresse",
        "date_creation",
        "date_modification",
    }
    assert body["user"]["plan_abonnement"] == "gratuit"
    assert body["user"]["statut_abonnement"] == "inactif"
    assert body["user"]["compte_verifie"] is False
    assert body["user"]["photo_profil"] is None
    assert body["user"]["numero_telephone"] == "+2250701020304"
    user = User.objects.get(adresse_email="awa.kone@example.ci")
    assert user.check_password("Garba2025Kedjenou")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["awa.kone@example.ci"]
    assert "Flux IA" in message.subject
    code = code_in(message.body)
    assert "10 minutes" in message.body
    html = message.alternatives[0][0]
    assert code in html and "Flux IA" in html and "10 minutes" in html
    # Only a keyed hash of the code is stored.
    stored = OneTimeCode.objects.get(user=user)
    assert code not in stored.code_hash


def test_the_code_is_sent_only_after_the_transaction_commits(
    api_client, registration, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        api_client.post(URL, registration, format="json")
    assert mail.outbox == []
    assert len(callbacks) == 1


def test_it_accepts_multipart_with_empty_optional_strings(api_client, registration):
    registration.update(secteur_activite="", nom_entreprise="", photo_profil="")
    response = api_client.post(URL, registration, format="multipart")
    assert response.status_code == 201, response.json()
    user = User.objects.get(adresse_email="awa.kone@example.ci")
    assert user.secteur_activite == "" and user.nom_entreprise == "" and not user.photo_profil


def test_it_accepts_json_without_optional_fields(api_client, registration):
    del registration["secteur_activite"], registration["nom_entreprise"]
    assert api_client.post(URL, registration, format="json").status_code == 201


def test_the_email_is_stored_lower_case_and_matched_case_insensitively(api_client, registration):
    UserFactory(adresse_email="awa.kone@example.ci")
    registration["adresse_email"] = "Awa.Kone@Example.CI"
    response = api_client.post(URL, registration, format="json")
    assert response.status_code == 409
    assert response.json() == {"message": services.MSG_EMAIL_TAKEN, "error": "email_taken", "statusCode": 409}


def test_an_unverified_account_registering_again_is_updated_and_sent_a_new_code(
    api_client, registration, django_capture_on_commit_callbacks
):
    old = UnverifiedUserFactory(adresse_email="awa.kone@example.ci", prenom="Ancien")
    services.one_time_code_issue(user=old, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(URL, registration, format="json")
    assert response.status_code == 201
    old.refresh_from_db()
    assert old.prenom == "Awa"
    assert old.check_password("Garba2025Kedjenou")
    assert User.objects.count() == 1
    codes = OneTimeCode.objects.filter(user=old)
    assert codes.count() == 2 and codes.filter(revoked_at__isnull=True).count() == 1


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("nom", "K", s.MSG_NOM_MIN),
        ("nom", "", s.MSG_NOM_MIN),
        ("nom", "K" * 51, s.MSG_NOM_MAX),
        ("prenom", "A", s.MSG_PRENOM_MIN),
        ("prenom", "A" * 51, s.MSG_PRENOM_MAX),
        ("adresse_email", "pas-un-email", s.MSG_EMAIL_INVALID),
        ("adresse_email", "", s.MSG_EMAIL_INVALID),
        ("numero_telephone", "+22507010", s.MSG_PHONE_SHORT),
        ("numero_telephone", "+225070102030405060708", s.MSG_PHONE_LONG),
        ("numero_telephone", "+33612345678901", s.MSG_PHONE_FORMAT),
        ("numero_telephone", "+225070102030a", s.MSG_PHONE_FORMAT),
        ("numero_telephone", "+22507010203040", s.MSG_PHONE_FORMAT),
        ("pays", "C", s.MSG_PAYS),
        ("pays", "", s.MSG_PAYS),
        ("mot_de_passe", "Ab1", s.MSG_PASSWORD_SHORT),
        ("mot_de_passe", "toutenminuscule1", s.MSG_PASSWORD_WEAK),
        ("mot_de_passe", "TOUTENMAJUSCULE1", s.MSG_PASSWORD_WEAK),
        ("mot_de_passe", "SansChiffreDuTout", s.MSG_PASSWORD_WEAK),
    ],
)
def test_it_refuses_invalid_fields_with_the_spec_message(api_client, registration, field, value, message):
    registration[field] = value
    response = api_client.post(URL, registration, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == message
    assert errors_of(response)[field] == [message]
    assert not User.objects.exists()


def test_a_short_invalid_email_gets_both_spec_messages(api_client, registration):
    registration["adresse_email"] = "a@b"
    response = api_client.post(URL, registration, format="json")
    assert errors_of(response)["adresse_email"] == [s.MSG_EMAIL_INVALID, s.MSG_EMAIL_SHORT]


def test_a_missing_body_names_every_required_field(api_client):
    response = api_client.post(URL, {}, format="json")
    errors = errors_of(response)
    assert errors["nom"] == [s.MSG_NOM_MIN]
    assert errors["prenom"] == [s.MSG_PRENOM_MIN]
    assert errors["adresse_email"] == [s.MSG_EMAIL_INVALID]
    assert errors["numero_telephone"] == [s.MSG_PHONE_SHORT]
    assert errors["pays"] == [s.MSG_PAYS]
    assert errors["mot_de_passe"] == [s.MSG_PASSWORD_REQUIRED]


def test_wrong_json_types_are_a_400_not_a_coercion(api_client, registration):
    registration.update(nom=12345, prenom=True, nom_entreprise=["a"], pays={"x": 1})
    response = api_client.post(URL, registration, format="json")
    errors = errors_of(response)
    for field in ("nom", "prenom", "nom_entreprise", "pays"):
        assert errors[field] == [MSG_NOT_A_STRING]


def test_malformed_json_and_a_non_object_body_are_400s(api_client):
    response = api_client.post(URL, data="{pas du json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "parse_error"
    response = api_client.post(URL, data="[1, 2]", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "validation_error"


def test_django_common_password_and_similarity_validators_answer_in_french(api_client, registration):
    registration["mot_de_passe"] = "Password123"
    response = api_client.post(URL, registration, format="json")
    assert errors_of(response)["mot_de_passe"] == ["Ce mot de passe est trop courant."]
    registration.update(mot_de_passe="Awa.kone2025", adresse_email="awa.kone2025@example.ci")
    response = api_client.post(URL, registration, format="json")
    message = errors_of(response)["mot_de_passe"][0]
    assert "trop semblable" in message and "adresse email" in message


def test_the_code_is_never_logged_outside_the_console_backend(
    api_client, registration, caplog, django_capture_on_commit_callbacks
):
    with caplog.at_level("DEBUG"), django_capture_on_commit_callbacks(execute=True):
        api_client.post(URL, registration, format="json")
    code = code_in(mail.outbox[0].body)
    assert code not in caplog.text


@pytest.mark.parametrize(
    "path",
    [
        "registers",
        "quick-register",
        "verify-otp",
        "resend-otp",
        "login",
        "refresh",
        "forgot-password",
        "reset-password",
    ],
)
@pytest.mark.parametrize("body", ["null", "[1, 2]", '"texte"', "42"])
def test_a_body_that_is_not_an_object_gets_a_french_400(api_client, path, body):
    response = api_client.post(f"/api/v1/auth/{path}", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["message"] == MSG_BODY_NOT_OBJECT


def test_an_unsupported_content_type_is_a_415_in_the_error_shape(api_client):
    response = api_client.post(URL, data="nom=Koné", content_type="text/plain")
    assert response.status_code == 415
    assert response.json()["error"] == "unsupported_media_type"


def test_the_number_is_stored_as_e164_when_written_with_spaces(api_client, registration):
    registration["numero_telephone"] = "+225 07 01 02 03 04"

    response = api_client.post("/api/v1/auth/registers", registration, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["user"]["numero_telephone"] == "+2250701020304"
