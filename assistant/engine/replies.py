"""Stage 6: the replies, in the customer's language, filled only with the shop's data.

Every sentence is a key of the phrase catalogue (``texts.py``: one table per language, named
placeholders); this module computes the parts (prices, lists, delays) and fills them in. Several
phrasings per message, chosen deterministically from a seed (a hash of the conversation state and
the text), so the same conversation always gets the same words and tests are stable.
"""

from __future__ import annotations

import re
import zlib

from core.money import format_fcfa

from .intents import INTENTS
from .knowledge import PICKUP, PREMISES_SAID, Knowledge, Product
from .text import fold_phrase
from .texts import DEFAULT_LANGUAGE, PHRASES, REGISTERS

# The phrase of each day of the shop document's hours, and of each delivery vehicle.
DAYS = {day: f"day.{day}" for day in ("mon", "tue", "wed", "thu", "fri", "sat", "sun")}
DAY_KEYS = tuple(DAYS)
VEHICLES = {"moto": "zone_fee.moto", "voiture": "zone_fee.voiture"}


def pick(options: list[str], seed: str) -> str:
    return options[zlib.crc32(seed.encode("utf-8")) % len(options)]


MAX_BUTTON = 20  # characters of a WhatsApp reply button's title


def choice_buttons(labels) -> tuple[str, ...] | None:
    """Quick-reply buttons for a « lequel ? »: two or three short names, else none."""
    labels = [lb for lb in labels if lb]
    return tuple(labels) if 1 < len(labels) <= 3 and all(len(lb) <= MAX_BUTTON for lb in labels) else None


def money(amount: int) -> str:
    return format_fcfa(amount)


def word(lang: str, key: str, **fields) -> str:
    """A one-variant phrase of ``lang``'s table (French without a table), for the helpers below."""
    return PHRASES.get(lang, PHRASES[DEFAULT_LANGUAGE])[key][0].format(**fields)


def join_words(items: list[str], lang: str) -> str:
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + word(lang, "join.or") + items[-1]


def join_and(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + word(lang, "join.and") + items[-1]


def product_price(p: Product, lang: str) -> str:
    return word(lang, "product_price", product=p.name, price=money(p.price))


def eta_text(eta, lang: str) -> str:
    if not eta:
        return ""
    lo, hi = eta
    return word(lang, "eta", low=lo, high=hi)


def zone_label(k: Knowledge, zone: str, lang: str) -> str:
    if zone == PICKUP:
        return word(lang, "pickup")
    return zone


class Phrases:
    """All the customer-facing sentences of one reply, in one language."""

    def __init__(self, k: Knowledge, lang: str, seed: str, nouchi: bool = False):
        self.k = k
        self.lang = lang
        self.seed = seed
        self.nouchi = nouchi
        # Where a key is looked up, in order: the register (nouchi), then the language (French without a table).
        language = lang if lang in PHRASES else DEFAULT_LANGUAGE
        register = f"{language}-nouchi"
        self.tables = [register, language] if nouchi and REGISTERS.get(register) == language else [language]

    def phrase(self, key: str, salt: str | None = None, **fields) -> str:
        """The phrase ``key`` filled with ``fields``: one of its variants, picked from the seed (and ``salt``,
        by default the number of variants; a register's variants are picked with the bare seed)."""
        for table in self.tables:
            options = PHRASES[table].get(key)
            if options is not None:
                break
        else:
            raise KeyError(key)
        if salt is None:
            salt = "" if table in REGISTERS else str(len(options))
        return pick(options, self.seed + salt).format(**fields)

    # ------------------------------------------------------------------ small talk
    def greeting(self) -> str:
        return self.phrase("greeting", name=self.k.name)

    def thanks(self) -> str:
        return self.phrase("thanks", name=self.k.name)

    def off_topic(self) -> str:
        return self.phrase("off_topic", name=self.k.name)

    def handoff(self, reason: str) -> str:
        contact = self.k.handoff_contact
        if reason == "complaint":
            return self.phrase("handoff.complaint")
        if reason == "large":
            return self.phrase("handoff.large")
        if reason == "stuck":
            return self.phrase("handoff.stuck")
        if contact:
            return self.phrase("handoff.request_contact", contact=contact)
        return self.phrase("handoff.request")

    # ------------------------------------------------------------------ catalogue
    def price_line(self, p: Product, qty: int | None = None) -> str:
        if qty and qty > 1:
            return self.phrase(
                "price_line.quantity", quantity=qty, product=p.name, price=money(p.price), total=money(p.price * qty)
            )
        # "Pour Huile végétale 1 L, le prix est de 1 400 F CFA." reads right whatever the name ("Le prix
        # de iPhone 13" did not), and keeps enough French words to be read as French.
        return self.phrase("price_line", product=p.name, price=money(p.price))

    def out_of_stock(self, p: Product, alternatives: list[Product]) -> str:
        alts = join_words([f"{a.name} ({money(a.price)})" for a in alternatives], self.lang)
        s = self.phrase("out_of_stock", salt=p.sku, product=p.name)
        return s + (self.phrase("out_of_stock.instead", alternatives=alts) if alts else "")

    def not_sold(self, thing: str, closest: list[Product]) -> str:
        alts = join_words([f"{a.name} ({money(a.price)})" for a in closest], self.lang)
        if thing:
            # After the French negation, « de cigarettes », « d'huile de palme ».
            s = self.phrase("not_sold", thing=_de(thing) if self.lang == "fr" else thing)
        else:
            s = self.phrase("not_sold.that")
        return s + (self.phrase("not_sold.closest", alternatives=alts) if alts else "")

    def catalogue(self, products: list[Product], limit: int = 40) -> str:
        available = [p for p in products if p.in_stock][:limit]
        rows = [self.phrase("catalogue.row", product=p.name, price=money(p.price)) for p in available]
        more = len([p for p in products if p.in_stock]) - len(available)
        gone = [p.name for p in products if not p.in_stock]
        if 0 < len(gone) <= 5:
            # What the customer may be looking for and cannot have today, said once under the list.
            rows += ["", self.phrase("catalogue.gone", products=join_words(gone, self.lang))]
        head = self.phrase("catalogue.head")
        if more <= 0:
            more_text = self.phrase("catalogue.how_to_order")
            return "\n".join([head, *rows, "", more_text]).strip()
        tail = self.phrase("catalogue.more", count=more) if more > 0 else ""
        return "\n".join([head, *rows, tail]).strip()

    # ------------------------------------------------------------------ photos
    def photo_caption(self, p: Product) -> str:
        return self.phrase(
            "photo_caption" if p.in_stock else "photo_caption.gone", product=p.name, price=money(p.price)
        )

    def no_photo(self, products: list[Product]) -> str:
        names = join_words([f"{p.name} ({money(p.price)})" for p in products], self.lang)
        return self.phrase("no_photo", products=names)

    def more_photos(self, products: list[Product]) -> str:
        return self.phrase("more_photos", products=join_words([p.name for p in products], self.lang))

    def which_photo(self, products: list[Product]) -> str:
        names = join_words([p.name for p in products], self.lang)
        if not names:
            return self.phrase("which_photo.none")
        return self.phrase("which_photo", products=names)

    def in_stock(self, p: Product) -> str:
        return self.phrase("in_stock", product=p.name, price=money(p.price))

    def clarify(self, word: str, candidates: list[Product]) -> str:
        opts = join_words(
            [
                self.phrase(
                    "clarify.option" if c.in_stock else "clarify.option_gone", product=c.name, price=money(c.price)
                )
                for c in candidates
            ],
            self.lang,
        )
        return self.phrase("clarify", word=word, options=opts)

    # The intents a question between two can offer, each said as the customer's wish (« vous voulez … »).
    WISHES = {intent: f"wish.{intent}" for intent in INTENTS if intent not in ("faq", "off_topic")}

    def which_of(self, a: str, b: str, faq_question: str = "") -> str:
        """One short question when the message could mean either of two things."""

        def wish(intent):
            if intent == "faq":
                q = faq_question.rstrip(" ?")
                return self.phrase("wish.faq", question=q) if q else ""
            return self.phrase(self.WISHES[intent]) if intent in self.WISHES else ""

        wishes = [w for w in (wish(a), wish(b)) if w]
        if len(wishes) < 2:
            return self.phrase("which_of.unclear")
        return self.phrase("which_of", first=wishes[0], second=wishes[1])

    def ask_quantity(self, p: Product) -> str:
        return self.phrase("ask_quantity", product=p.name)

    def anything_else(self) -> str:
        return self.phrase("anything_else")

    # ------------------------------------------------------------------ delivery
    def zone_fee(self, zone) -> str:
        eta = eta_text(zone.eta, self.lang)
        vehicle = self.phrase(VEHICLES[zone.vehicle]) if zone.vehicle in VEHICLES else ""
        s = self.phrase(
            "zone_fee",
            zone=zone.name,
            vehicle=vehicle,
            fee=money(zone.fee or 0),
            eta=self.phrase("zone_fee.eta", eta=eta) if eta else self.phrase("zone_fee.no_eta"),
        )
        if zone.min_order:
            s += self.phrase("zone_fee.minimum", minimum=money(zone.min_order))
        return s + self.zone_days(zone)

    def zone_days(self, zone) -> str:
        """« Livraison à Cocody : le samedi seulement. » when the shop's delivery notes restrict the zone's days."""
        days = (self.k.zone_days.get(zone.name) or {}).get(self.lang)
        if not days:
            return ""
        return self.phrase("zone_days", zone=zone.name, days=days)

    def pickup_info(self) -> str:
        eta = eta_text(self.k.pickup_eta, self.lang)
        return self.phrase("pickup_info.ready", eta=eta) if eta else self.phrase("pickup_info")

    def no_pickup(self) -> str:
        return self.phrase("no_pickup")

    def premises(self) -> str:
        """Where the customer comes, when the shop's name says it (« Laboratoire BioSanté » -> « au laboratoire »,
        « to the laboratory »); "" for a shop."""
        word = next((w for w in fold_phrase(self.k.name) if w in self.k.premises and w in PREMISES_SAID), "")
        if not word:
            return ""
        fr, en, feminine = PREMISES_SAID[word]
        if self.lang == "en":
            return f"the {en}"
        return f"à l'{fr}" if fr[0] in "aeiouéh" else f"à la {fr}" if feminine else f"au {fr}"

    def not_served(self, zone_name: str) -> str:
        served = [z.name for z in self.k.served_zones()]
        addr = (self.k.document.get("address") or {}).get("text") or ""
        s = self.phrase("not_served", zone=zone_name)
        place = self.premises()
        if self.k.pickup_available and place:
            # « Laboratoire BioSanté », « Garage Koné »: the customer comes to the laboratory, no goods picked up
            s += self.phrase("not_served.come_at" if addr else "not_served.come", place=place, address=addr)
        elif self.k.pickup_available:
            s += self.phrase("not_served.pickup_at", address=addr) if addr else self.phrase("not_served.pickup")
        if served:
            s += self.phrase("not_served.served", zones=join_and(served, self.lang))
        return s

    def zones_overview(self) -> str:
        parts = [self.phrase("zones_overview.zone", zone=z.name, fee=money(z.fee or 0)) for z in self.k.served_zones()]
        s = self.phrase("zones_overview", zones=", ".join(parts))
        if self.k.pickup_available:
            s += " " + self.pickup_info()
        return s

    def delivery_time(self, zone) -> str:
        if zone == PICKUP:
            return self.phrase("delivery_time.pickup", eta=eta_text(self.k.pickup_eta, self.lang))
        eta = eta_text(zone.eta, self.lang)
        fee = money(zone.fee or 0)
        return self.phrase("delivery_time", zone=zone.name, eta=eta, fee=fee) + self.zone_days(zone)

    def times_overview(self) -> str:
        groups: dict = {}
        for z in self.k.served_zones():
            if z.eta:
                groups.setdefault(tuple(z.eta), []).append(z.name)
        parts = [
            self.phrase("times_overview.group", zones=join_and(names, self.lang), eta=eta_text(eta, self.lang))
            for eta, names in groups.items()
        ]
        s = self.phrase("times_overview", times=" ; ".join(parts))
        if self.k.pickup_available and self.k.pickup_eta:
            s += " " + self.pickup_info()
        return s

    # ------------------------------------------------------------------ payment
    def accepted_list(self) -> str:
        return join_words([self.k.payment_label(c, self.lang) for c in self.k.accepted], self.lang)

    def payment_ok(self, code: str) -> str:
        label = self.k.payment_label(code, self.lang)
        note = self.k.accepted[code].get("note") or ""
        s = self.phrase("payment_ok", label=label)
        if self.lang == "en":
            # In English, the note's numbers only (the note itself is written in the shop's French).
            numbers = _phones(note)
            return s + (self.phrase("payment_ok.numbers", label=label, numbers=" / ".join(numbers)) if numbers else "")
        return s + (self.phrase("payment_ok.note", note=note) if note else "")

    def payment_refused(self, code: str) -> str:
        label = self.k.payment_label(code, self.lang)
        return self.phrase(
            "payment_refused", label=_le(label) if self.lang == "fr" else label, methods=self.accepted_list()
        )

    def deferred_payment(self) -> str:
        return self.phrase("deferred_payment")

    def payment_overview(self) -> str:
        refused = [self.k.payment_label(c, self.lang) for c in self.k.refused]
        s = self.phrase("payment_overview", methods=self.accepted_list())
        if not refused:
            return s
        methods = join_words(refused, self.lang) if self.lang == "en" else ", ".join(refused)
        return s + self.phrase("payment_overview.refused", methods=methods)

    # ------------------------------------------------------------------ shop facts
    def hours(self, open_now: bool | None) -> str:
        h = self.k.hours
        groups: list[tuple[list[str], object]] = []
        for d in DAY_KEYS:
            span = h.get(d)
            span = tuple(span) if span else None
            if groups and groups[-1][1] == span:
                groups[-1][0].append(d)
            else:
                groups.append(([d], span))
        parts = []
        for days, span in groups:
            if len(days) == 1:
                label = self.phrase(DAYS[days[0]])
            else:
                label = self.phrase("hours.range", first=self.phrase(DAYS[days[0]]), last=self.phrase(DAYS[days[-1]]))
            if span:
                parts.append(self.phrase("hours.span", days=label, open=span[0], close=span[1]))
            else:
                parts.append(self.phrase("hours.closed", days=label))
        s = self.phrase("hours", days=" ; ".join(parts))
        if h.get("last_order"):
            s += self.phrase("hours.last_order", time=h["last_order"])
        if open_now is not None:
            s += self.phrase("hours.open_now") if open_now else self.phrase("hours.closed_now")
        return s

    def location(self) -> str:
        a = self.k.document.get("address") or {}
        text, landmark = a.get("text") or "", a.get("landmark") or ""
        link = ""
        if a.get("lat") is not None and a.get("lng") is not None:
            link = f"https://maps.google.com/?q={a['lat']},{a['lng']}"
        phone = _display_phone(self.k.document.get("phone") or "")
        if landmark:
            s = self.phrase("location.landmark", address=text, landmark=landmark)
        else:
            s = self.phrase("location", address=text)
        s += self.phrase("location.map", link=link) if link else ""
        return s + (self.phrase("location.phone", phone=phone) if phone else "")

    # ------------------------------------------------------------------ cart
    def cart_lines(self, lines: list[tuple[Product, int]]) -> list[str]:
        return [self.phrase("cart.line", quantity=q, product=p.name, amount=money(p.price * q)) for p, q in lines]

    def ask_zone(self) -> str:
        if self.k.pickup_available:
            return self.phrase("ask_zone.or_pickup")
        return self.phrase("ask_zone")

    def noted(self, zone: str | None, payment: str | None) -> str:
        """What a bare answer gave while another question was pending: « C'est noté : livraison à X. »"""
        parts = []
        if zone:
            parts.append(self.phrase("noted.zone", zone=zone) if zone != PICKUP else self.phrase("noted.pickup"))
        if payment:
            parts.append(self.phrase("noted.payment", label=self.k.payment_label(payment, self.lang)))
        if not parts:
            return ""
        return self.phrase("noted", parts=join_and(parts, self.lang))

    # Asked again after an answer that did not settle it: the same question said differently, with how
    # to answer, so the customer never reads the same message twice.
    def ask_again(self, pending: str, options: list[str] | None = None, refused_zone: str | None = None) -> str:
        if pending == "quantity":
            return self.phrase("ask_again.quantity")
        if pending == "choose" and options:
            listed = "\n".join(
                self.phrase("ask_again.choose_option", number=i, option=o) for i, o in enumerate(options, 1)
            )
            return self.phrase("ask_again.choose", options=listed)
        if pending == "zone" and refused_zone:
            return self.phrase(
                "ask_again.zone_refused_or_pickup" if self.k.pickup_available else "ask_again.zone_refused",
                zone=refused_zone,
            )
        if pending == "zone":
            return self.phrase("ask_again.zone_or_pickup" if self.k.pickup_available else "ask_again.zone")
        if pending == "confirm":
            return self.phrase("ask_again.confirm")
        if pending == "minimum":
            return self.phrase("ask_again.minimum")
        if pending == "payment":
            return self.phrase("ask_again.payment", methods=self.accepted_list())
        return ""

    def ask_payment(self) -> str:
        return self.phrase("ask_payment", methods=self.accepted_list())

    def price_with_delivery(self, zone, subtotal: int) -> str:
        """ "c'est combien avec la livraison à Koumassi ?": the fee, the total and the zone's minimum."""
        fee = zone.fee or 0
        s = self.phrase("price_with_delivery", zone=zone.name, fee=money(fee), total=money(subtotal + fee))
        if zone.min_order and subtotal < zone.min_order:
            s += self.phrase("price_with_delivery.minimum", zone=zone.name, minimum=money(zone.min_order))
        elif zone.min_order:
            s += self.phrase("zone_fee.minimum", minimum=money(zone.min_order))  # met, still a fact of the zone
        return s

    def below_minimum(self, zone, subtotal: int) -> str:
        missing = zone.min_order - subtotal
        s = self.phrase(
            "below_minimum",
            zone=zone.name,
            fee=money(zone.fee),
            minimum=money(zone.min_order),
            subtotal=money(subtotal),
            missing=money(missing),
        )
        if self.k.pickup_available:
            s += self.phrase("below_minimum.pickup")
        return s

    def recap(self, lines, zone: str, fee: int, payment: str, eta, when: str = "") -> str:
        subtotal = sum(p.price * q for p, q in lines)
        rows = self.cart_lines(lines)
        label = zone_label(self.k, zone, self.lang)
        pay = self.k.payment_label(payment, self.lang)
        out = [self.phrase("recap.head"), *rows, self.phrase("cart.subtotal", subtotal=money(subtotal))]
        out.append(
            self.phrase("cart.delivery", zone=label, fee=money(fee))
            if zone != PICKUP
            else self.phrase("recap.pickup", fee=money(0))
        )
        out += [self.phrase("cart.total", total=money(subtotal + fee)), self.phrase("recap.payment", payment=pay)]
        if eta:
            out.append(self.phrase("recap.eta", eta=eta_text(eta, self.lang)))
        if when:
            out.append(self.phrase("recap.when", when=when))
        out.append(self.phrase("recap.confirm"))
        return "\n".join(out)

    def confirmed(self, total: int, payment: str) -> str:
        note = (self.k.accepted.get(payment) or {}).get("note") or ""
        s = self.phrase("confirmed", total=money(total))
        if self.lang == "en":
            # In English, the note's numbers only (the note itself is written in the shop's French).
            numbers = _phones(note)
            return s + (self.phrase("confirmed.numbers", numbers=" / ".join(numbers)) if numbers else "")
        return s + (self.phrase("confirmed.note", note=note) if note else "")

    def cancelled(self) -> str:
        return self.phrase("cancelled")

    def expired(self) -> str:
        return self.phrase("expired")

    def what_to_change(self) -> str:
        return self.phrase("what_to_change")


def _display_phone(number: str) -> str:
    if not number:
        return ""
    digits = re.sub(r"\D", "", number)
    if digits.startswith("225") and len(digits) == 13:
        # Ivorian numbers are read in pairs: +225 07 00 11 22 33.
        local = digits[3:]
        return "+225 " + " ".join(local[i : i + 2] for i in range(0, 10, 2))
    from core.phone import InvalidPhoneNumber, phone_display  # loads phone metadata: only when needed

    try:
        return phone_display(number)
    except (InvalidPhoneNumber, ValueError):
        return number


def _phones(text: str) -> list[str]:
    return [m.strip() for m in re.findall(r"\+?\d[\d ]{7,}\d", text)]


def _de(thing: str) -> str:
    """« nous ne vendons pas de cigarettes », « … pas d'huile de palme » (after a negation, "de")."""
    words = thing.strip().split()
    while words and words[0].lower() in ("des", "du", "de", "la", "le", "les", "l", "d", "un", "une"):
        words = words[1:]
    t = " ".join(words)
    if not t:
        return thing.strip()
    if t[0].lower() in "aeiouyhéèêàâœ":
        return f"d'{t}"
    return f"de {t}"


def _le(label: str) -> str:
    if not label:
        return label
    low = label.lower()
    if low.startswith(("carte", "moov", "orange")):
        return f"la {label}" if low.startswith("carte") else label
    if low[0] in "aeiouyé":
        return f"l'{label}"
    return label
