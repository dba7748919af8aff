import io
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from accounts import photos, services
from accounts import serializers as s
from accounts.models import User
from accounts.tests.factories import UserFactory

ME = "/api/v1/auth/me"
REGISTER = "/api/v1/auth/registers"
pytestmark = pytest.mark.django_db


def image_bytes(fmt="PNG", size=(64, 48), exif: bytes | None = None) -> bytes:
    buffer = io.BytesIO()
    image = Image.new("RGB", size, (200, 120, 40))
    kwargs = {"exif": exif} if exif is not None else {}
    image.save(buffer, format=fmt, **kwargs)
    return buffer.getvalue()


def gps_exif() -> bytes:
    exif = Image.Exif()
    exif[0x010F] = "Appareil secret"  # Make
    exif[0x8825] = {1: "N", 2: (5.0, 20.0, 0.0), 3: "W", 4: (4.0, 1.0, 0.0)}  # GPS IFD: Abidjan
    return exif.tobytes()


def png_bomb(width=20000, height=20000) -> bytes:
    """A valid PNG header announcing width x height, with a tiny zlib stream of zeros.

    Nothing here allocates the pixels: only the compressed first rows are written.
    """

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    rows = zlib.compress(b"\x00" * (width + 1) * 16, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def upload(data: bytes, name="photo.png", content_type="image/png"):
    return SimpleUploadedFile(name, data, content_type=content_type)


def test_me_returns_the_user_the_account_status_and_permissions(auth_client, owner):
    response = auth_client.get(ME)
    assert response.status_code == 200
    body = response.json()
    assert body["user"]["id"] == owner.id
    assert body["account"] == {"subscription_plan": "gratuit", "is_fully_verified": True, "conversation_limit": 100}
    assert body["permissions"] == {"can_access_analytics": False, "can_use_advanced_features": False}


def test_patch_me_changes_the_profile_fields(auth_client, owner):
    payload = {
        "prenom": "Aya",
        "nom": "Traoré",
        "numero_telephone": "+2250505050505",
        "whatsapp": "+2250505050505",
        "adresse": "Cocody, Abidjan",
        "nom_entreprise": "Garba Express",
        "secteur_activite": "Restauration",
    }
    response = auth_client.patch(ME, payload, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    for key, value in payload.items():
        assert body["user"][key] == value
    assert set(body) == {"user", "account", "permissions"}


def test_patch_me_ignores_plan_status_and_verification_flags(auth_client, owner):
    response = auth_client.patch(
        ME,
        {"plan_abonnement": "entreprise", "statut_abonnement": "actif", "compte_verifie": False, "otp_verified": False},
        format="json",
    )
    assert response.status_code == 200
    owner.refresh_from_db()
    assert (owner.plan_abonnement, owner.statut_abonnement, owner.compte_verifie, owner.otp_verified) == (
        "gratuit",
        "inactif",
        True,
        True,
    )


def test_patch_me_refuses_an_email_change_but_accepts_the_same_email(auth_client, owner):
    response = auth_client.patch(ME, {"adresse_email": "autre@example.ci"}, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == services.MSG_EMAIL_READ_ONLY
    assert auth_client.patch(ME, {"adresse_email": owner.adresse_email.upper()}, format="json").status_code == 200


def test_patch_me_validates_with_the_spec_messages(auth_client):
    response = auth_client.patch(ME, {"nom": "K", "numero_telephone": "+33612"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {"nom": [s.MSG_NOM_MIN], "numero_telephone": [s.MSG_PHONE_FORMAT]}


@pytest.mark.parametrize("typed", ["0707123456", "07 07 12 34 56", "+225 07 07 12 34 56", "002250707123456"])
def test_patch_me_stores_phone_numbers_in_e164_however_they_are_typed(auth_client, owner, typed):
    response = auth_client.patch(ME, {"numero_telephone": typed, "whatsapp": typed}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["user"]["numero_telephone"] == "+2250707123456"
    assert response.json()["user"]["whatsapp"] == "+2250707123456"
    owner.refresh_from_db()
    assert str(owner.numero_telephone) == "+2250707123456" and owner.whatsapp == "+2250707123456"


def test_patch_me_refuses_a_foreign_or_empty_new_phone_number(auth_client):
    foreign = auth_client.patch(ME, {"numero_telephone": "+33612345678"}, format="json")
    assert foreign.json()["errors"] == {"numero_telephone": [s.MSG_PHONE_FORMAT]}
    empty = auth_client.patch(ME, {"numero_telephone": ""}, format="json")
    assert empty.json()["errors"] == {"numero_telephone": [s.MSG_PHONE_SHORT]}


def test_a_photo_is_reencoded_without_exif_and_gps_under_a_server_name(auth_client, owner):
    original = image_bytes("JPEG", exif=gps_exif())
    with Image.open(io.BytesIO(original)) as probe:
        assert probe.getexif()  # the upload does carry EXIF
    response = auth_client.patch(
        ME, {"photo_profil": upload(original, "../../maison.jpg", "image/jpeg")}, format="multipart"
    )
    assert response.status_code == 200, response.json()
    url = response.json()["user"]["photo_profil"]
    assert url.startswith("http://testserver/media/profiles/") and url.endswith(".jpg")
    assert "maison" not in url
    owner.refresh_from_db()
    stored = owner.photo_profil.read()
    with Image.open(io.BytesIO(stored)) as image:
        assert image.format == "JPEG"
        assert not image.getexif()
    assert b"Appareil secret" not in stored


@pytest.mark.parametrize("fmt, suffix", [("PNG", ".png"), ("WEBP", ".webp"), ("JPEG", ".jpg")])
def test_jpeg_png_and_webp_are_accepted_whatever_their_name(auth_client, owner, fmt, suffix):
    response = auth_client.patch(
        ME, {"photo_profil": upload(image_bytes(fmt), "photo.gif", "image/gif")}, format="multipart"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["user"]["photo_profil"].endswith(suffix)


def test_other_image_formats_are_refused(auth_client):
    buffer = io.BytesIO()
    Image.new("RGB", (10, 10)).save(buffer, format="GIF")
    response = auth_client.patch(ME, {"photo_profil": upload(buffer.getvalue(), "a.png")}, format="multipart")
    assert response.status_code == 400
    assert response.json()["errors"]["photo_profil"] == [photos.MSG_PHOTO_NOT_IMAGE]


def test_a_non_image_is_refused(auth_client):
    response = auth_client.patch(
        ME, {"photo_profil": upload(b"%PDF-1.7 pas une image", "photo.png")}, format="multipart"
    )
    assert response.status_code == 400
    assert response.json()["errors"]["photo_profil"] == [photos.MSG_PHOTO_NOT_IMAGE]


def test_an_html_file_named_png_is_refused(auth_client):
    html = b"<html><script>alert(document.cookie)</script></html>"
    response = auth_client.patch(ME, {"photo_profil": upload(html, "photo.png", "image/png")}, format="multipart")
    assert response.status_code == 400


def test_a_polyglot_keeps_only_its_pixels(auth_client, owner):
    payload = b"PK\x03\x04<script>alert(1)</script>" + b"\x00" * 64
    response = auth_client.patch(ME, {"photo_profil": upload(image_bytes("PNG") + payload)}, format="multipart")
    assert response.status_code == 200
    owner.refresh_from_db()
    stored = owner.photo_profil.read()
    assert b"<script>" not in stored and b"PK\x03\x04" not in stored


def test_a_photo_over_5_mb_is_refused(auth_client):
    data = image_bytes("PNG") + b"\x00" * (6 * 1024 * 1024 - 2000)
    response = auth_client.patch(ME, {"photo_profil": upload(data)}, format="multipart")
    assert response.status_code == 400
    assert response.json()["errors"]["photo_profil"] == [photos.MSG_PHOTO_TOO_LARGE]


def test_the_5_mb_rule_is_checked_by_the_service(settings):
    data = image_bytes("PNG") + b"\x00" * (6 * 1024 * 1024)
    from core.exceptions import ApplicationError

    with pytest.raises(ApplicationError) as error:
        photos.profile_photo_clean(upload(data))
    assert error.value.message == photos.MSG_PHOTO_TOO_LARGE


def test_a_20000_by_20000_png_bomb_is_refused_from_its_header(auth_client):
    import tracemalloc

    bomb = png_bomb()
    assert len(bomb) < 10_000
    tracemalloc.start()
    response = auth_client.patch(ME, {"photo_profil": upload(bomb)}, format="multipart")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert response.status_code == 400
    assert response.json()["errors"]["photo_profil"] == [photos.MSG_PHOTO_TOO_MANY_PIXELS]
    assert peak < 50 * 1024 * 1024  # 400 megapixels would be 400 MB


def test_just_over_25_megapixels_is_refused(auth_client):
    response = auth_client.patch(ME, {"photo_profil": upload(png_bomb(5001, 5000))}, format="multipart")
    assert response.json()["errors"]["photo_profil"] == [photos.MSG_PHOTO_TOO_MANY_PIXELS]


def test_a_truncated_image_is_refused(auth_client):
    response = auth_client.patch(
        ME, {"photo_profil": upload(image_bytes("PNG", size=(300, 300))[:200])}, format="multipart"
    )
    assert response.status_code == 400


def test_an_empty_photo_value_removes_the_photo(auth_client, owner):
    auth_client.patch(ME, {"photo_profil": upload(image_bytes())}, format="multipart")
    owner.refresh_from_db()
    old_name = owner.photo_profil.name
    storage = owner.photo_profil.storage
    assert storage.exists(old_name)
    response = auth_client.patch(ME, {"photo_profil": ""}, format="multipart")
    assert response.json()["user"]["photo_profil"] is None


def test_a_photo_sent_as_text_in_json_is_refused(auth_client):
    response = auth_client.patch(ME, {"photo_profil": "data:image/png;base64,AAAA"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["photo_profil"] == [s.MSG_PHOTO_INVALID]


def test_registration_accepts_a_photo_and_returns_its_absolute_url(api_client, registration):
    registration["photo_profil"] = upload(image_bytes("PNG"), "moi.png")
    response = api_client.post(REGISTER, registration, format="multipart")
    assert response.status_code == 201, response.json()
    assert response.json()["user"]["photo_profil"].startswith("http://testserver/media/profiles/")


def test_registration_with_a_bad_photo_writes_nothing(api_client, registration):
    registration["photo_profil"] = upload(b"GIF89a pas vraiment", "moi.png")
    response = api_client.post(REGISTER, registration, format="multipart")
    assert response.status_code == 400
    assert not User.objects.exists()


def test_patch_needs_a_token(api_client):
    assert api_client.patch(ME, {"nom": "Koné"}, format="json").status_code == 401


def test_an_unverified_user_sees_is_fully_verified_false(api_client):
    user = UserFactory(compte_verifie=False, otp_verified=False)
    api_client.force_authenticate(user)
    assert api_client.get(ME).json()["account"]["is_fully_verified"] is False


def test_patch_me_accepts_the_current_number_back_even_when_it_is_foreign(api_client):
    user = UserFactory(numero_telephone="+336123456789")
    api_client.force_authenticate(user)
    response = api_client.patch(ME, {"numero_telephone": "+336123456789", "prenom": "Aya"}, format="json")
    assert response.status_code == 200, response.json()
    response = api_client.patch(ME, {"numero_telephone": "+336111111111"}, format="json")
    assert response.json()["errors"]["numero_telephone"] == [s.MSG_PHONE_FORMAT]


def test_the_whatsapp_number_is_stored_as_e164(auth_client, owner):
    response = auth_client.patch(ME, {"whatsapp": "07 48 01 78 23"}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["user"]["whatsapp"] == "+2250748017823"
    assert auth_client.patch(ME, {"whatsapp": ""}, format="json").json()["user"]["whatsapp"] == ""


def test_a_whatsapp_number_with_letters_is_refused_in_french(auth_client):
    response = auth_client.patch(ME, {"whatsapp": "+225 WHATSAPP"}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"]["whatsapp"] == [s.MSG_WHATSAPP_INVALID]
