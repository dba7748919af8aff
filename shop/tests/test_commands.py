import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from shop.document import thaw
from shop.selectors import shop_knowledge
from shop.services import DEMO_SHOP_PATH, shop_demo_load

from .factories import DATA, business_document

pytestmark = pytest.mark.django_db


def test_the_dev_sets_business_json_imports_as_it_is_and_exports_the_same(owner):
    out = StringIO()

    call_command("shop_import", "--email", owner.adresse_email, str(DATA / "business.json"), stdout=out)

    assert "16 produits, 12 zones, 6 questions" in out.getvalue()
    exported = StringIO()
    call_command("shop_export", "--email", owner.adresse_email, stdout=exported)
    assert json.loads(exported.getvalue()) == business_document()
    assert "Épicerie Chez Koffi" in exported.getvalue()  # UTF-8, not \u escapes
    assert exported.getvalue().startswith('{\n  "name"')


def test_an_exported_file_imports_back_unchanged(owner, tmp_path):
    call_command("shop_import", "--email", owner.adresse_email, str(DATA / "business.json"), stdout=StringIO())
    exported = StringIO()
    call_command("shop_export", "--email", owner.adresse_email, stdout=exported)
    path = tmp_path / "export.json"
    path.write_text(exported.getvalue(), encoding="utf-8")
    version = shop_knowledge(user=owner).version

    call_command("shop_import", "--email", owner.adresse_email, str(path), stdout=StringIO())

    assert shop_knowledge(user=owner).version == version


def test_a_bad_file_is_refused_with_its_paths_and_changes_nothing(owner, tmp_path):
    document = business_document()
    document["products"][3]["price"] = -1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")

    with pytest.raises(CommandError) as error:
        call_command("shop_import", "--email", owner.adresse_email, str(path))

    assert "products[3].price : Le prix doit être un nombre entier positif." in str(error.value)
    assert shop_knowledge(user=owner).document["products"] == ()


def test_import_names_a_missing_account_and_malformed_json(owner, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")

    with pytest.raises(CommandError, match="Aucun compte"):
        call_command("shop_import", "--email", "personne@example.ci", str(DATA / "business.json"))
    with pytest.raises(CommandError, match="n'est pas un JSON valide"):
        call_command("shop_import", "--email", owner.adresse_email, str(broken))
    with pytest.raises(CommandError, match="Aucun compte"):
        call_command("shop_export", "--email", "personne@example.ci")


def test_the_demo_shop_imports_with_zones_on_both_sides_of_the_lagoon(owner):
    shop_demo_load(user=owner)

    document = thaw(shop_knowledge(user=owner).document)
    assert document == json.loads(DEMO_SHOP_PATH.read_text(encoding="utf-8"))
    # The demo account's own business (Boutique Akwaba, the seed's sample conversations sell its products).
    assert document["name"] == "Boutique Akwaba" and len(document["products"]) >= 9
    assert all(product["aliases"] for product in document["products"])
    zones = {zone["name"]: zone for zone in document["delivery_zones"]}
    # South of the lagoon, the shop's side, by motorbike; north by car, dearer and with a minimum.
    assert zones["Marcory"]["vehicle"] == "moto" and zones["Cocody"]["vehicle"] == "voiture"
    assert zones["Cocody"]["fee"] > zones["Marcory"]["fee"] and zones["Cocody"]["min_order"] > 0
    assert {name for name, zone in zones.items() if not zone["served"]} >= {"Bingerville", "Anyama"}
    assert document["pickup"]["available"] is True
    assert all(item["answer_en"] for item in document["faq"])


def _run_import(email: str, path, capsys) -> tuple[int, str]:
    """manage.py shop_import as a shell runs it: the exit status and what it printed on stderr."""
    from django.core.management import ManagementUtility

    with pytest.raises(SystemExit) as exit_info:
        ManagementUtility(["manage.py", "shop_import", "--email", email, str(path)]).execute()
    return exit_info.value.code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda document: document.pop("delivery_zones"),
            "delivery_zones : Section « delivery_zones » absente : envoyez la liste (vide pour tout retirer), "
            'par exemple "delivery_zones": [].',
        ),
        (
            lambda document: document.update(catalogue=document.pop("products")),
            'catalogue : Clé inconnue "catalogue" : vouliez-vous dire "products" ?',
        ),
        (
            lambda document: document["products"][0].update(prix=500),
            'products[0].prix : Clé inconnue "prix" : vouliez-vous dire "price" ?',
        ),
    ],
)
def test_import_refuses_a_missing_section_or_an_unknown_key_on_stderr_and_changes_nothing(
    owner, tmp_path, capsys, change, expected
):
    call_command("shop_import", "--email", owner.adresse_email, str(DATA / "business.json"), stdout=StringIO())
    before = shop_knowledge(user=owner).version
    document = business_document()
    change(document)
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")

    status, stderr = _run_import(owner.adresse_email, path, capsys)

    assert status == 1
    assert f"{path} refusé, rien n'a été modifié" in stderr
    assert expected in stderr
    assert shop_knowledge(user=owner).version == before
    assert len(shop_knowledge(user=owner).document["products"]) == 16
