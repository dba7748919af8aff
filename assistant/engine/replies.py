"""Stage 6: reply templates in French and English, filled only with the shop's data.

Several phrasings per message, chosen deterministically from a seed (a hash of the conversation
state and the text), so the same conversation always gets the same words and tests are stable.
"""

from __future__ import annotations

import re
import zlib

from core.money import format_fcfa

from .knowledge import PICKUP, Knowledge, Product

DAY_KEYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_FR = {
    "mon": "lundi",
    "tue": "mardi",
    "wed": "mercredi",
    "thu": "jeudi",
    "fri": "vendredi",
    "sat": "samedi",
    "sun": "dimanche",
}
DAY_EN = {
    "mon": "Monday",
    "tue": "Tuesday",
    "wed": "Wednesday",
    "thu": "Thursday",
    "fri": "Friday",
    "sat": "Saturday",
    "sun": "Sunday",
}


def pick(options: list[str], seed: str) -> str:
    return options[zlib.crc32(seed.encode("utf-8")) % len(options)]


def money(amount: int) -> str:
    return format_fcfa(amount)


def join_words(items: list[str], lang: str) -> str:
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    last = " or " if lang == "en" else " ou "
    return ", ".join(items[:-1]) + last + items[-1]


def join_and(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" and " if lang == "en" else " et ") + items[-1]


def product_price(p: Product, lang: str) -> str:
    return f"{p.name} : {money(p.price)}" if lang == "fr" else f"{p.name}: {money(p.price)}"


def eta_text(eta, lang: str) -> str:
    if not eta:
        return ""
    lo, hi = eta
    if lang == "en":
        return f"{lo} to {hi} minutes"
    return f"{lo} à {hi} minutes"


def zone_label(k: Knowledge, zone: str, lang: str) -> str:
    if zone == PICKUP:
        return "pickup at the shop" if lang == "en" else "retrait à la boutique"
    return zone


class Phrases:
    """All the customer-facing sentences of one reply, in one language."""

    def __init__(self, k: Knowledge, lang: str, seed: str, nouchi: bool = False):
        self.k = k
        self.lang = lang
        self.seed = seed
        self.nouchi = nouchi

    def t(self, fr, en):
        options = en if self.lang == "en" else fr
        if isinstance(options, str):
            return options
        return pick(options, self.seed + str(len(options)))

    # ------------------------------------------------------------------ small talk
    def greeting(self) -> str:
        name = self.k.name
        if self.nouchi:
            return pick(
                [
                    f"Ça va bien, merci ! Bienvenue chez {name}. Dis-moi ce qu'il te faut, je suis là.",
                    f"Bonjour, on est là ! Ici {name}. Qu'est-ce que je peux faire pour toi ?",
                ],
                self.seed,
            )
        return self.t(
            [
                f"Bonjour et bienvenue chez {name} ! Comment puis-je vous aider ?",
                f"Bonjour ! Ici {name}. Que puis-je faire pour vous aujourd'hui ?",
            ],
            [
                f"Hello and welcome to {name}! How can I help you?",
                f"Hi! This is {name}. What can I do for you today?",
            ],
        )

    def thanks(self) -> str:
        name = self.k.name
        if self.nouchi:
            return pick(
                [
                    f"Merci à toi ! On est ensemble. À bientôt chez {name}.",
                    "Y a pas de souci, merci à toi ! À bientôt.",
                ],
                self.seed,
            )
        return self.t(
            [f"Avec plaisir ! Merci et à bientôt chez {name}.", "Merci à vous ! Bonne journée et à bientôt."],
            [f"You're welcome! Thank you and see you soon at {name}.", "Thank you! Have a nice day."],
        )

    def off_topic(self) -> str:
        name = self.k.name
        return self.t(
            [
                f"Désolé, je ne peux pas vous aider sur ce sujet : je suis l'assistant de {name}. "
                "Je peux vous renseigner sur nos produits, nos prix, la livraison et prendre votre commande.",
                f"Je ne suis que l'assistant de {name}, je ne peux pas répondre à cela. "
                "Par contre, je peux vous donner nos prix, nos zones de livraison ou prendre votre commande.",
            ],
            [
                f"Sorry, I can't help with that: I am the assistant of {name}. "
                "I can tell you about our products, prices and delivery, and take your order.",
                f"I'm only the assistant of {name}, so I can't answer that. "
                "I can give you our prices and delivery areas, or take your order.",
            ],
        )

    def handoff(self, reason: str) -> str:
        contact = self.k.handoff_contact
        if reason == "complaint":
            return self.t(
                "Je suis vraiment désolé pour ce problème. Je transmets tout de suite votre message à l'équipe : "
                "une personne va vous répondre ici au plus vite.",
                "I am really sorry about this problem. I am passing your message to the team right now: "
                "a person will answer you here as soon as possible.",
            )
        if reason == "large":
            return self.t(
                "Merci pour cette grosse commande ! Pour une telle quantité, une personne de l'équipe va vous "
                "répondre ici directement pour le prix et la livraison.",
                "Thank you for this large order! For such a quantity, a person from the team will answer you "
                "here directly about the price and the delivery.",
            )
        if reason == "stuck":
            return self.t(
                "Je préfère ne pas deviner : je transmets votre commande à l'équipe, une personne va vous répondre "
                "ici au plus vite pour la finaliser avec vous.",
                "I would rather not guess: I am passing your order to the team, and a person will answer you here "
                "as soon as possible to finish it with you.",
            )
        extra_fr = f" Vous pouvez aussi joindre {contact}." if contact else ""
        extra_en = f" You can also reach {contact}." if contact else ""
        return self.t(
            "Bien sûr, je transmets votre demande : une personne de l'équipe va vous répondre ici au plus vite."
            + extra_fr,
            "Of course, I am passing your request on: a person from the team will answer you here as soon as "
            "possible." + extra_en,
        )

    # ------------------------------------------------------------------ catalogue
    def price_line(self, p: Product, qty: int | None = None) -> str:
        if qty and qty > 1:
            if self.lang == "en":
                return f"{qty} × {p.name} ({money(p.price)} each) = {money(p.price * qty)}"
            return f"{qty} × {p.name} ({money(p.price)} l'unité) = {money(p.price * qty)}"
        # "Pour Huile végétale 1 L, le prix est de 1 400 F CFA." reads right whatever the name ("Le prix
        # de iPhone 13" did not), and keeps enough French words to be read as French.
        if self.lang == "en":
            return f"The price of {p.name} is {money(p.price)}."
        return f"Pour {p.name}, le prix est de {money(p.price)}."

    def out_of_stock(self, p: Product, alternatives: list[Product]) -> str:
        alts = join_words([f"{a.name} ({money(a.price)})" for a in alternatives], self.lang)
        if self.lang == "en":
            s = f"Sorry, {p.name} is out of stock at the moment (not available)."
            return s + (f" I can offer you instead: {alts}." if alts else "")
        s = pick(
            [
                f"Désolé, {p.name} est en rupture de stock pour le moment.",
                f"Désolé, nous n'avons plus de {p.name} : il est en rupture pour le moment.",
            ],
            self.seed + p.sku,
        )
        return s + (f" Je peux vous proposer à la place : {alts}." if alts else "")

    def not_sold(self, thing: str, closest: list[Product]) -> str:
        alts = join_words([f"{a.name} ({money(a.price)})" for a in closest], self.lang)
        if self.lang == "en":
            s = f"Sorry, we don't sell {thing}." if thing else "Sorry, we don't sell that."
            return s + (f" Here is what we have that comes closest: {alts}." if alts else "")
        s = f"Désolé, nous ne vendons pas {_de(thing)}." if thing else "Désolé, nous ne vendons pas cet article."
        return s + (f" Voici ce que nous avons de plus proche : {alts}." if alts else "")

    def catalogue(self, products: list[Product], limit: int = 40) -> str:
        available = [p for p in products if p.in_stock][:limit]
        rows = [
            f"- {p.name} : {money(p.price)}" if self.lang == "fr" else f"- {p.name}: {money(p.price)}"
            for p in available
        ]
        more = len([p for p in products if p.in_stock]) - len(available)
        gone = [p.name for p in products if not p.in_stock]
        if 0 < len(gone) <= 5:
            # What the customer may be looking for and cannot have today, said once under the list.
            names = join_words(gone, self.lang)
            rows += ["", self.t(f"En rupture pour le moment : {names}.", f"Out of stock at the moment: {names}.")]
        head = self.t("Voici ce que nous proposons :", "Here is what we have for you at the moment:")
        if more <= 0:
            more_text = self.t(
                "Pour commander, envoyez-moi simplement le produit et la quantité, et dites-moi où vous livrer.",
                "To order, just send me the product and how many you want, and tell me where you would like it "
                "delivered.",
            )
            return "\n".join([head, *rows, "", more_text]).strip()
        tail = (
            self.t(
                f"… et {more} autres articles : dites-moi ce qu'il vous faut.",
                f"… and {more} more items: just tell me what you need.",
            )
            if more > 0
            else ""
        )
        return "\n".join([head, *rows, tail]).strip()

    # ------------------------------------------------------------------ photos
    def photo_caption(self, p: Product) -> str:
        gone = "" if p.in_stock else self.t(" (en rupture pour le moment)", " (out of stock at the moment)")
        return self.t(f"Voici {p.name} : {money(p.price)}{gone}", f"Here is {p.name}: {money(p.price)}{gone}")

    def no_photo(self, products: list[Product]) -> str:
        names = join_words([f"{p.name} ({money(p.price)})" for p in products], self.lang)
        return self.t(f"Je n'ai pas encore de photo de : {names}.", f"I don't have a photo of this one yet: {names}.")

    def more_photos(self, products: list[Product]) -> str:
        names = join_words([p.name for p in products], self.lang)
        return self.t(
            f"J'ai aussi les photos de : {names}. Lequel voulez-vous voir ?",
            f"I also have photos of: {names}. Which one would you like to see?",
        )

    def which_photo(self, products: list[Product]) -> str:
        names = join_words([p.name for p in products], self.lang)
        if not names:
            return self.t("Quel produit voulez-vous voir ?", "Which product would you like to see?")
        return self.t(
            f"Quel produit voulez-vous voir en photo ? J'ai les photos de : {names}.",
            f"Which product would you like to see? I have photos of: {names}.",
        )

    def in_stock(self, p: Product) -> str:
        return self.t(
            [f"Oui, nous avons {p.name}, à {money(p.price)}.", f"Oui, {p.name} est en stock : {money(p.price)}."],
            [f"Yes, we have {p.name} in stock, at {money(p.price)}.", f"Yes, {p.name} is in stock: {money(p.price)}."],
        )

    def clarify(self, word: str, candidates: list[Product]) -> str:
        gone = self.t("en rupture de stock pour le moment", "out of stock at the moment")
        opts = join_words(
            [f"{c.name} ({money(c.price)})" if c.in_stock else f"{c.name} ({gone})" for c in candidates], self.lang
        )
        if self.lang == "en":
            return f"We have several kinds of {word}: {opts}. Which one would you like?"
        return f"Nous avons plusieurs sortes de {word} : {opts}. Lequel voulez-vous ?"

    # What each intent offers, said as the customer's wish (« vous voulez … »), for a question between two.
    WISHES = {
        "greeting": ("simplement nous saluer", "just to say hello"),
        "price": ("connaître un prix", "to know a price"),
        "order": ("passer une commande", "to place an order"),
        "availability": ("savoir si nous avons un produit", "to know whether we have a product"),
        "delivery_zone_fee": ("savoir si nous livrons chez vous et à quel prix", "to know our delivery areas and fees"),
        "delivery_time": ("savoir quand la livraison arrive", "to know when the delivery arrives"),
        "payment": ("savoir comment payer", "to know how to pay"),
        "hours": ("connaître nos horaires", "to know our opening hours"),
        "location": ("savoir où nous trouver", "to know where to find us"),
        "complaint": ("nous signaler un problème", "to report a problem"),
        "human": ("parler à une personne de l'équipe", "to talk to a person from the team"),
        "thanks_bye": ("terminer la conversation", "to end the conversation"),
    }

    def which_of(self, a: str, b: str, faq_question: str = "") -> str:
        """One short question when the message could mean either of two things."""
        en = self.lang == "en"

        def wish(intent):
            if intent == "faq":
                q = faq_question.rstrip(" ?")
                return (f"an answer to « {q} »" if en else f"une réponse à « {q} »") if q else ""
            return self.WISHES.get(intent, ("", ""))[1 if en else 0]

        wishes = [w for w in (wish(a), wish(b)) if w]
        if len(wishes) < 2:
            return self.t("Pouvez-vous préciser votre demande ?", "Could you tell me a little more?")
        if en:
            return f"I want to be sure I understand: would you like {wishes[0]} or {wishes[1]}?"
        return f"Je veux être sûr de bien comprendre : vous voulez {wishes[0]} ou {wishes[1]} ?"

    def ask_quantity(self, p: Product) -> str:
        return self.t(f"Combien en voulez-vous pour {p.name} ?", f"How many of {p.name} would you like?")

    def anything_else(self) -> str:
        return self.t(
            ["Souhaitez-vous commander ?", "Voulez-vous que je vous le mette de côté ?"],
            ["Would you like to order?", "Shall I add it to your order?"],
        )

    # ------------------------------------------------------------------ delivery
    def zone_fee(self, zone) -> str:
        eta = eta_text(zone.eta, self.lang)
        vehicle = {"moto": ("à moto", "by motorbike"), "voiture": ("en voiture", "by car")}.get(zone.vehicle or "")
        if self.lang == "en":
            s = f"Yes, we deliver to {zone.name}"
            s += f" {vehicle[1]}" if vehicle else ""
            s += f". Delivery fee: {money(zone.fee or 0)}"
            s += f", in about {eta}." if eta else "."
            if zone.min_order:
                s += f" Minimum order: {money(zone.min_order)} of products (delivery fee not included)."
            return s + self.zone_days(zone)
        s = f"Oui, nous livrons à {zone.name}"
        s += f" {vehicle[0]}" if vehicle else ""
        s += f". Frais de livraison : {money(zone.fee or 0)}"
        s += f", délai d'environ {eta}." if eta else "."
        if zone.min_order:
            s += f" Minimum de commande : {money(zone.min_order)} de produits (hors livraison)."
        return s + self.zone_days(zone)

    def zone_days(self, zone) -> str:
        """« Livraison à Cocody : le samedi seulement. » when the shop's delivery notes restrict the zone's days."""
        days = (self.k.zone_days.get(zone.name) or {}).get(self.lang)
        if not days:
            return ""
        return self.t(f" Livraison à {zone.name} : {days}.", f" Delivery to {zone.name}: {days}.")

    def pickup_info(self) -> str:
        eta = eta_text(self.k.pickup_eta, self.lang)
        if self.lang == "en":
            return "You can also pick up your order at the shop, free of charge" + (
                f", ready in {eta}." if eta else "."
            )
        return "Vous pouvez aussi retirer votre commande à la boutique, sans frais" + (
            f", prête en {eta}." if eta else "."
        )

    def no_pickup(self) -> str:
        return self.t(
            "Désolé, le retrait à la boutique n'est pas proposé : nous livrons uniquement.",
            "Sorry, pickup at the shop is not offered: we only deliver.",
        )

    def not_served(self, zone_name: str) -> str:
        served = [z.name for z in self.k.served_zones()]
        addr = (self.k.document.get("address") or {}).get("text") or ""
        if self.lang == "en":
            s = f"Sorry, we don't deliver to {zone_name}."
            if self.k.pickup_available:
                s += f" You can pick up your order at the shop{f' ({addr})' if addr else ''}, free of charge."
            if served:
                s += f" We deliver to: {join_and(served, 'en')}."
            return s
        s = f"Désolé, nous ne livrons pas à {zone_name}."
        if self.k.pickup_available:
            where = f" ({addr})" if addr else ""
            s += f" Vous pouvez passer récupérer votre commande à la boutique{where} : retrait sans frais."
        if served:
            s += f" Nous livrons à : {join_and(served, 'fr')}."
        return s

    def zones_overview(self) -> str:
        parts = [f"{z.name} ({money(z.fee or 0)})" for z in self.k.served_zones()]
        head = "We deliver to: " if self.lang == "en" else "Nous livrons à : "
        s = head + ", ".join(parts) + "."
        if self.k.pickup_available:
            s += " " + self.pickup_info()
        return s

    def delivery_time(self, zone) -> str:
        if zone == PICKUP:
            eta = eta_text(self.k.pickup_eta, self.lang)
            return self.t(
                f"Pour un retrait à la boutique, votre commande est prête en {eta}.",
                f"For pickup at the shop, your order is ready in {eta}.",
            )
        eta = eta_text(zone.eta, self.lang)
        fee = money(zone.fee or 0)
        return self.t(
            f"Pour {zone.name}, comptez {eta} de livraison après la commande (frais de livraison : {fee}).",
            f"For {zone.name}, delivery takes {eta} after your order (delivery fee: {fee}).",
        ) + self.zone_days(zone)

    def times_overview(self) -> str:
        groups: dict = {}
        for z in self.k.served_zones():
            if z.eta:
                groups.setdefault(tuple(z.eta), []).append(z.name)
        parts = [f"{join_and(names, self.lang)} : {eta_text(eta, self.lang)}" for eta, names in groups.items()]
        head = "Delivery times: " if self.lang == "en" else "Délais de livraison : "
        s = head + " ; ".join(parts) + "."
        if self.k.pickup_available and self.k.pickup_eta:
            s += " " + self.pickup_info()
        return s

    # ------------------------------------------------------------------ payment
    def accepted_list(self) -> str:
        return join_words([self.k.payment_label(c, self.lang) for c in self.k.accepted], self.lang)

    def payment_ok(self, code: str) -> str:
        label = self.k.payment_label(code, self.lang)
        note = self.k.accepted[code].get("note") or ""
        if self.lang == "en":
            numbers = _phones(note)
            s = f"Yes, we accept {label}."
            if numbers:
                s += f" {label} number: {' / '.join(numbers)}."
            return s
        return f"Oui, nous acceptons {label}." + (f" {note}" if note else "")

    def payment_refused(self, code: str) -> str:
        label = self.k.payment_label(code, self.lang)
        return self.t(
            f"Désolé, nous n'acceptons pas {_le(label)}. Vous pouvez payer par : {self.accepted_list()}.",
            f"Sorry, we don't accept {label}. You can pay with: {self.accepted_list()}.",
        )

    def deferred_payment(self) -> str:
        return self.t(
            "Je ne peux pas accorder de crédit ni de paiement plus tard moi-même : c'est le responsable qui "
            "décide. Écrivez « responsable » si vous voulez lui en parler.",
            "I can't grant credit or a later payment myself: the manager decides. Write « manager » if you "
            "would like to ask them.",
        )

    def payment_overview(self) -> str:
        refused = [self.k.payment_label(c, self.lang) for c in self.k.refused]
        if self.lang == "en":
            s = f"You can pay with: {self.accepted_list()}."
            return s + (f" We don't accept {join_words(refused, 'en')}." if refused else "")
        s = f"Vous pouvez payer par : {self.accepted_list()}."
        return s + (f" Nous n'acceptons pas : {', '.join(refused)}." if refused else "")

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
        names = DAY_EN if self.lang == "en" else DAY_FR
        parts = []
        for days, span in groups:
            if len(days) == 1:
                label = names[days[0]]
            else:
                label = (
                    f"{names[days[0]]} to {names[days[-1]]}"
                    if self.lang == "en"
                    else (f"du {names[days[0]]} au {names[days[-1]]}")
                )
            if span:
                parts.append(
                    f"{label}: {span[0]} - {span[1]}" if self.lang == "en" else f"{label} : {span[0]} - {span[1]}"
                )
            else:
                parts.append(f"{label}: closed" if self.lang == "en" else f"{label} : fermé")
        if self.lang == "en":
            s = "Our opening hours: " + " ; ".join(parts) + "."
            if h.get("last_order"):
                s += f" Last order for delivery: {h['last_order']}."
            if open_now is not None:
                s += " We are open right now." if open_now else " We are closed right now."
            return s
        s = "Nos horaires : " + " ; ".join(parts) + "."
        if h.get("last_order"):
            s += f" Dernière commande à livrer : {h['last_order']}."
        if open_now is not None:
            s += " Nous sommes ouverts en ce moment." if open_now else " Nous sommes fermés en ce moment."
        return s

    def location(self) -> str:
        a = self.k.document.get("address") or {}
        text, landmark = a.get("text") or "", a.get("landmark") or ""
        link = ""
        if a.get("lat") is not None and a.get("lng") is not None:
            link = f"https://maps.google.com/?q={a['lat']},{a['lng']}"
        phone = _display_phone(self.k.document.get("phone") or "")
        if self.lang == "en":
            s = f"You will find our shop at this address: {text}" + (f" (landmark: {landmark})" if landmark else "")
            s += ". You are welcome to come by!"
            s += f" Here is the map link: {link}" if link else ""
            return s + (f" Our phone number: {phone}." if phone else "")
        s = f"Notre adresse : {text}" + (f", {landmark}" if landmark else "") + "."
        s += f" Plan : {link}" if link else ""
        return s + (f" Téléphone : {phone}." if phone else "")

    # ------------------------------------------------------------------ cart
    def cart_lines(self, lines: list[tuple[Product, int]]) -> list[str]:
        return [f"{q} × {p.name} : {money(p.price * q)}" for p, q in lines]

    def ask_zone(self) -> str:
        if self.k.pickup_available:
            return self.t(
                "Où faut-il livrer (commune ou quartier) ? Ou préférez-vous le retrait à la boutique ?",
                "Where should we deliver (area or neighbourhood)? Or would you rather pick up at the shop?",
            )
        return self.t("Où faut-il livrer (commune ou quartier) ?", "Where should we deliver (area or neighbourhood)?")

    def noted(self, zone: str | None, payment: str | None) -> str:
        """What a bare answer gave while another question was pending: « C'est noté : livraison à X. »"""
        parts = []
        if zone:
            parts.append(
                self.t(f"livraison à {zone}", f"delivery to {zone}")
                if zone != PICKUP
                else self.t("retrait à la boutique", "pickup at the shop")
            )
        if payment:
            label = self.k.payment_label(payment, self.lang)
            parts.append(self.t(f"paiement {label}", f"payment by {label}"))
        if not parts:
            return ""
        return self.t("C'est noté : ", "Noted: ") + join_and(parts, self.lang) + "."

    # Asked again after an answer that did not settle it: the same question said differently, with how
    # to answer, so the customer never reads the same message twice.
    def ask_again(self, pending: str, options: list[str] | None = None, refused_zone: str | None = None) -> str:
        if pending == "quantity":
            return self.t(
                "Il me faut juste la quantité : répondez par un nombre, par exemple 1 ou 2.",
                "I just need the quantity: reply with a number, for example 1 or 2.",
            )
        if pending == "choose" and options:
            listed = "\n".join(f"{i}. {o}" for i, o in enumerate(options, 1))
            return self.t(
                f"Il me faut d'abord votre choix : répondez par le numéro ou le nom.\n{listed}",
                f"First I need your choice: reply with the number or the name.\n{listed}",
            )
        if pending == "zone" and refused_zone:
            return self.t(
                f"Je comprends, mais nous ne livrons pas à {refused_zone}, même avec des frais en plus. "
                + (
                    "Vous pouvez retirer la commande à la boutique (répondez « retrait »), ou me donner une autre "
                    "adresse de livraison."
                    if self.k.pickup_available
                    else "Pouvez-vous me donner une autre adresse de livraison ?"
                ),
                f"I understand, but we do not deliver to {refused_zone}, even for an extra fee. "
                + (
                    'You can collect the order at the shop (reply "pickup"), or give me another delivery address.'
                    if self.k.pickup_available
                    else "Could you give me another delivery address?"
                ),
            )
        if pending == "zone":
            return self.t(
                "Il me manque encore le lieu de livraison : dites-moi votre commune ou votre quartier"
                + (", ou « retrait » pour venir chercher à la boutique." if self.k.pickup_available else "."),
                "I still need the delivery place: tell me your area or neighbourhood"
                + (', or "pickup" to collect at the shop.' if self.k.pickup_available else "."),
            )
        if pending == "confirm":
            return self.t(
                "Pour valider la commande, répondez « oui » ; pour changer quelque chose, répondez « modifier ».",
                'To place the order, reply "yes"; to change something, reply "change".',
            )
        if pending == "minimum":
            return self.t(
                "Voulez-vous ajouter des articles pour atteindre le minimum, ou préférez-vous le retrait "
                "à la boutique ?",
                "Would you like to add items to reach the minimum, or would you rather pick up at the shop?",
            )
        if pending == "payment":
            return self.t(
                f"Il me manque encore le moyen de paiement : {self.accepted_list()}. Lequel choisissez-vous ?",
                f"I still need the payment method: {self.accepted_list()}. Which one do you choose?",
            )
        return ""

    def ask_payment(self) -> str:
        return self.t(
            f"Comment souhaitez-vous payer ? Nous acceptons : {self.accepted_list()}.",
            f"How would you like to pay? We accept: {self.accepted_list()}.",
        )

    def price_with_delivery(self, zone, subtotal: int) -> str:
        """ "c'est combien avec la livraison à Koumassi ?": the fee, the total and the zone's minimum."""
        fee = zone.fee or 0
        s = self.t(
            f"Livraison à {zone.name} : {money(fee)}, soit {money(subtotal + fee)} au total.",
            f"Delivery to {zone.name}: {money(fee)}, so {money(subtotal + fee)} in total.",
        )
        if zone.min_order and subtotal < zone.min_order:
            s += " " + self.t(
                f"Pour {zone.name}, le minimum de commande est de {money(zone.min_order)} de produits "
                "(hors livraison).",
                f"For {zone.name}, the minimum order is {money(zone.min_order)} of products "
                "(delivery fee not included).",
            )
        return s

    def below_minimum(self, zone, subtotal: int) -> str:
        missing = zone.min_order - subtotal
        s = self.t(
            f"Pour livrer à {zone.name} (frais de livraison : {money(zone.fee)}), le minimum de commande est de "
            f"{money(zone.min_order)} de produits (hors livraison). Votre panier fait {money(subtotal)} : il manque "
            f"{money(missing)}. Voulez-vous ajouter des articles ?",
            f"To deliver to {zone.name} (delivery fee: {money(zone.fee)}), the minimum order is "
            f"{money(zone.min_order)} of products (delivery fee not included). Your cart is {money(subtotal)}: "
            f"{money(missing)} short. Would you like to add items?",
        )
        if self.k.pickup_available:
            s += " " + self.t(
                "Sinon, le retrait à la boutique est possible sans minimum.",
                "Otherwise, pickup at the shop has no minimum.",
            )
        return s

    def recap(self, lines, zone: str, fee: int, payment: str, eta, when: str = "") -> str:
        subtotal = sum(p.price * q for p, q in lines)
        rows = self.cart_lines(lines)
        label = zone_label(self.k, zone, self.lang)
        pay = self.k.payment_label(payment, self.lang)
        if self.lang == "en":
            out = ["Here is your order summary:", *rows, f"Subtotal: {money(subtotal)}"]
            out.append(f"Delivery ({label}): {money(fee)}" if zone != PICKUP else f"Pickup at the shop: {money(0)}")
            out += [f"Total: {money(subtotal + fee)}", f"Payment: {pay}"]
            if eta:
                out.append(f"Time: {eta_text(eta, 'en')}")
            if when:
                out.append(f"Wanted: {when}")
            out.append("Reply « Confirm » to place the order, or tell me what to change.")
            return "\n".join(out)
        out = ["Voici le récapitulatif de votre commande :", *rows, f"Sous-total : {money(subtotal)}"]
        out.append(f"Livraison ({label}) : {money(fee)}" if zone != PICKUP else f"Retrait à la boutique : {money(0)}")
        out += [f"Total : {money(subtotal + fee)}", f"Paiement : {pay}"]
        if eta:
            out.append(f"Délai : {eta_text(eta, 'fr')}")
        if when:
            out.append(f"Souhaité pour : {when}")
        out.append("Répondez « Confirmer » pour valider la commande, ou dites-moi ce qu'il faut changer.")
        return "\n".join(out)

    def confirmed(self, total: int, payment: str) -> str:
        note = (self.k.accepted.get(payment) or {}).get("note") or ""
        if self.lang == "en":
            numbers = _phones(note)
            s = f"Thank you, your order is confirmed! Total to pay: {money(total)}."
            if numbers:
                s += f" Payment number: {' / '.join(numbers)}."
            return s
        return f"Merci, votre commande est confirmée ! Total à payer : {money(total)}." + (f" {note}" if note else "")

    def cancelled(self) -> str:
        return self.t(
            [
                "D'accord, j'annule. N'hésitez pas à revenir vers nous quand vous voulez.",
                "Pas de souci, la commande est annulée. À votre service quand vous voulez.",
            ],
            [
                "No problem, I have cancelled it. Come back to us any time.",
                "Alright, the order is cancelled. We're here whenever you need us.",
            ],
        )

    def expired(self) -> str:
        return self.t(
            "Votre panier précédent avait plus de 24 h, je l'ai vidé.",
            "Your previous cart was more than 24 hours old, so I have emptied it.",
        )

    def what_to_change(self) -> str:
        return self.t(
            "D'accord, que voulez-vous modifier (articles, quantités, livraison ou paiement) ?",
            "Sure, what would you like to change (items, quantities, delivery or payment)?",
        )


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
