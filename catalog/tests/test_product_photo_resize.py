"""Catalogue photos from a phone's camera: scaled down to 1280 px on their longest side, EXIF (GPS,
camera, orientation) dropped after turning the pixels upright; profile photos keep their size."""

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from accounts.photos import profile_photo_clean
from catalog.models import Product
from catalog.services import PHOTO_MAX_SIDE

from .factories import ProductFactory

URL = "/api/v1/catalog/products"


def camera_jpeg(size=(4000, 3000), orientation: int = 6) -> SimpleUploadedFile:
    """A phone photo: large, with GPS and an orientation tag (6: to be turned 90° clockwise)."""
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x010F] = "TECNO"
    exif[0x8825] = {1: "N", 2: (5.0, 20.0, 0.0)}
    buffer = io.BytesIO()
    Image.new("RGB", size, (30, 140, 200)).save(buffer, format="JPEG", exif=exif, quality=80)
    return SimpleUploadedFile("IMG_20260101.jpg", buffer.getvalue(), content_type="image/jpeg")


def test_a_camera_photo_is_resized_upright_and_stripped(owner_api, owner):
    product = ProductFactory(owner=owner)

    response = owner_api.post(f"{URL}/{product.pk}/photo", {"photo": camera_jpeg()}, format="multipart")

    assert response.status_code == 200, response.json()
    stored = Product.objects.get(pk=product.pk).photo
    with Image.open(stored.open("rb")) as image:
        assert image.size == (960, PHOTO_MAX_SIDE)  # 4000×3000 turned upright, longest side 1280
        assert not image.getexif() and "exif" not in image.info


def test_a_small_photo_keeps_its_size_and_profile_photos_are_not_resized(owner_api, owner):
    product = ProductFactory(owner=owner)
    owner_api.post(f"{URL}/{product.pk}/photo", {"photo": camera_jpeg((800, 600), 1)}, format="multipart")

    with Image.open(Product.objects.get(pk=product.pk).photo.open("rb")) as image:
        assert image.size == (800, 600)
    with Image.open(io.BytesIO(profile_photo_clean(camera_jpeg((2000, 1500), 1)).read())) as profile:
        assert profile.size == (2000, 1500)
