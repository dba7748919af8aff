"""Photo requests: « vous avez la photo ? », « montre-moi les pagnes », « envoie foto », « send pictures ».

A customer asks to SEE a product. The request is read from the message's shape, not from one
word: a photo word (``PHOTO``) with a request around it — sent to the customer (« envoie-moi »,
« send »), had by the shop (« vous avez la photo », « do you get pics »), or asked for alone
(« les photos svp ») — or a showing verb (« montre-moi », « fais voir », « show me »). A customer
who sends a photo (« je vous envoie la photo », « si j'envoie le logo en photo ») or asks about
one they bring (« vous mettez la photo sur le gâteau ? ») is not asking to see anything. A photo
word that is part of a product's name (« cadre photo ») never counts.

The shop's document says which products have a photo (``Product.has_photo``); the channel sends
each as an image captioned with its name and price. At most ``MAX_PHOTOS`` per answer.
"""

from .knowledge import Knowledge, Product
from .text import find_phrase

MAX_PHOTOS = 3

PHOTO = frozenset(
    {"photo", "photos", "foto", "fotos", "image", "images", "picture", "pictures", "pic", "pics", "pix", "pikcha"}
)
# Sending to the customer, or the customer's own sending when a first person says it.
SEND = frozenset(
    {"envoie", "envoies", "envoyez", "envoyer", "envoi", "envoye", "send", "sen", "share", "partage", "partager"}
)
FIRST_PERSON = frozenset({"je", "j", "i", "jvais", "jai", "moi je", "we", "nous"})
TO_ME = frozenset({"m", "me", "moi", "nous", "us"})
# The shop having one: « vous avez la photo », « ya photo ? », « do you have pictures », « you get pic ».
HAVE = (
    "vous avez",
    "avez vous",
    "tu as",
    "ta",
    "t as",
    "y a",
    "ya",
    "il y a",
    "do you have",
    "you have",
    "you get",
    "u get",
    "any",
    "get",
)
# Showing, with or without a photo word: « montrez-nous le bleu », « fais voir », « show me the blue one ».
SHOW = (
    "montrez",
    "fais voir",
    "faites voir",
    "fe voir",
    "show me",
    "show us",
    "let me see",
    "lemme see",
    "make i see",
    "can i see",
    "could i see",
)
# « montre » is also a watch and « la balance montre 1,5 kg » a scale showing: asked of someone only
# with « moi »/« nous » after it (« montre-moi ») or « tu peux » before it.
SHOW_ASKED = frozenset({"montre", "montres", "montrer"})
CAN = frozenset({"peux", "pouvez", "peut", "pourriez", "pourrais"})
# « 50 mugs personnalisés avec photo »: a photo that is part of the product, not one to send.
WITH = frozenset({"avec", "with", "sans", "without"})
# Seeing a photo: « je peux voir la photo », « I want to see pictures ».
SEE = frozenset({"voir", "see", "vu"})
# Asked for alone: « photo svp », « les photos du pagne ? ».
ALONE_LEAD = frozenset({"la", "les", "une", "des", "the", "some", "a"})


def _positions(words: list[str], phrase: str) -> list[int]:
    parts = phrase.split()
    return [i for i in range(len(words) - len(parts) + 1) if words[i : i + len(parts)] == parts]


def photo_request(words: list[str], consumed: set) -> bool:
    """Does the message ask to see a product (a photo of it, or shown)?"""
    photo_at = [i for i, w in enumerate(words) if w in PHOTO and i not in consumed]
    if any(find_phrase(words, show) >= 0 for show in SHOW) or any(
        w in SHOW_ASKED and (words[i + 1 : i + 2] in (["moi"], ["nous"], ["me"]) or CAN & set(words[max(0, i - 2) : i]))
        for i, w in enumerate(words)
    ):
        return not _sender(words, len(words))
    photo_at = [i for i in photo_at if not (i and words[i - 1] in WITH)]
    if not photo_at:
        return False
    first = photo_at[0]
    for i, w in enumerate(words):
        if w in SEND and any(0 < p - i <= 4 and not any(t.isdigit() for t in words[i:p]) for p in photo_at):
            if _sender(words, i) and not (i + 1 < len(words) and words[i + 1] in TO_ME):
                return False  # « je vous envoie la photo »: the customer sends
            return True
    if _sender(words, first):
        return False
    if any(any(0 <= first - p <= 4 for p in _positions(words, have)) for have in HAVE):
        return True
    if any(w in SEE for w in words[:first]):
        return True
    lead = 0
    while lead < first and words[lead] in ALONE_LEAD:
        lead += 1
    return lead == first  # « photo ? », « les photos du pagne svp »


def _sender(words: list[str], before: int) -> bool:
    """A first person speaks before ``before`` (« je vous envoie », « si j'envoie », « I go send »)."""
    window = words[max(0, before - 4) : before]
    return any(w in FIRST_PERSON for w in window) and not any(w in TO_ME for w in window[-2:])


def shown(k: Knowledge, skus: list[str]) -> tuple[list[Product], list[Product], list[Product]]:
    """The products to show (with a photo, at most ``MAX_PHOTOS``), those without a photo, and those
    left over (more than can be shown at once)."""
    products = [k.products[s] for s in skus if s in k.products]
    with_photo = [p for p in products if p.has_photo]
    without = [p for p in products if not p.has_photo]
    return with_photo[:MAX_PHOTOS], without, with_photo[MAX_PHOTOS:]


def photo_skus(k: Knowledge, skus: list[str], state: dict) -> list[str]:
    """The products a photo request is about: those it names, else the choice being made, else the last
    product spoken of, else the cart's."""
    if skus:
        return skus
    choice = state.get("choice") or {}
    if choice.get("skus"):
        return list(choice["skus"])
    if state.get("last_sku") in k.products:
        return [state["last_sku"]]
    return [line["sku"] for line in state.get("cart") or [] if line.get("sku") in k.products]
