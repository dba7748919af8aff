"""Stage 5: the dialogue policy — what to answer given the message's understanding and the stored
state (cart, zone, payment, last product, pending question). Pure functions over a JSON state."""

from __future__ import annotations

import copy
import dataclasses
import re
import time
from datetime import datetime

from . import language as lang_mod
from .budget import within
from .choice import (
    answer_words,
    answered_count,
    asked_and_counted,
    chosen_count,
    common_word,
    container_count,
    corrected_count,
    count_left,
    count_of_presented,
    count_set,
    left_after_choice,
    line_meant,
    listed,
    measure_before,
    measure_of_last,
    measure_said,
    narrow_choice,
    offer_told,
    one_of,
    priced_one,
    recount_before,
    removal,
    removal_reaches,
    replaced_line,
    resolve_choice,
    said_count,
    said_in,
    served_count,
    sibling_of,
    split_counts,
    split_line,
    swap_in_cart,
    taken_presented,
    variant_of,
    with_kind,
)
from .cues import (
    ALL_OF_THEM,
    CANCEL,
    CHANGE,
    CHEAP,
    DESCRIBE,
    EVERYTHING,
    FEE_QUESTION,
    HOURS_ASK,
    MORE,
    PRICE,
    REMOVE,
    REPLACE,
    TAKE_OFFER,
    TOTAL,
    WHERE_ASK,
    any_phrase,
)
from .entities import Entities, extractor_for
from .family import counts_of_choice, turned_down_only
from .faq import the_part_asked
from .intents import Understanding
from .knowledge import PICKUP, Knowledge, Product, kind_named
from .model import IntentClassifier, default_model
from .photos import photo_skus, shown
from .replies import Phrases, choice_buttons, money
from .schedule import nights_of_stay
from .served import carried_over, choice_word_of, in_context
from .text import find_phrase, fingerprint, normalise
from .turn import OrderDraft, Reply, Turn, expire, new_state
from .understanding import payment_asked, understand
from .unknown import alternatives, closest, unknown_modifier

I_COME = ("je", "j", "jvais", "jviens", "moi meme", "i", "i ll", "we", "myself")
YOU_COME = ("vous passez", "venez", "passez", "viens prendre", "can you come", "please come", "you come")
# How many times « lequel ? » is asked for one choice before a person takes over (never a loop).
CHOICE_ASKS = 3
# An amount in an answer already given (« pose des plaquettes 4000 F par essieu »).
AMOUNT = re.compile(r"\d[\d\s\u202f\u00a0.,]*\s?(?:F\b|FCFA|F CFA|francs)")


class Policy:
    def __init__(self, k: Knowledge, state: dict, text: str, now: datetime):
        self.k = k
        self.state = state
        self.text = text
        self.now = now
        self.out: list[str] = []
        self.buttons: tuple = ()
        self.handoff = False
        self.cart_changed = False  # the cart changed in this turn (order_flow)
        self.order: OrderDraft | None = None
        self.handled_as: str | None = None  # "order" when the order took the message, whatever it sounded like
        self.pending_before: str | None = state.get("pending")
        self.noted_zone: str | None = None
        self.noted_payment: str | None = None
        self.photos: list[tuple[str, str]] = []  # (sku, caption) of the product photos to send
        self.ask_last = ""  # « Combien en voulez-vous ? », said after everything else

    # ------------------------------------------------------------------ helpers
    def cart_lines(self) -> list[tuple[Product, int]]:
        products = self.k.products
        return [(products[ln["sku"]], ln["qty"]) for ln in self.state["cart"] if ln["sku"] in products and ln["qty"]]

    def subtotal(self) -> int:
        return sum(p.price * q for p, q in self.cart_lines())

    def find_line(self, sku):
        return next((line for line in self.state["cart"] if line["sku"] == sku), None)

    def total_items(self) -> int:
        return sum(line["qty"] or 0 for line in self.state["cart"])

    def say(self, text: str):
        if text:
            self.out.append(text)

    # ------------------------------------------------------------------ main
    def run(self, norm, ent: Entities, u: Understanding, ph: Phrases) -> None:
        st = self.state
        self.ph = ph
        self.norm = norm
        self.ent = ent
        self.u = u
        intent = u.intent
        offered, st["offered"] = st["offered"], None
        offered_qty, st["offered_qty"] = st.get("offered_qty"), None
        presented, st["presented"] = st.get("presented"), None
        taken = offered and not u.photos and not u.upset_said and self.take_offer(offered, offered_qty)
        if taken:
            u.intent = "order"
            # « mets-moi le robinet à la place et 2 paires de colliers »: the other products still count.
            others = [m for m in ent.products if m is not taken and set(m.skus) != {self.state["last_sku"]}]
            self.ent = dataclasses.replace(ent, products=others, numbers=[])
            return self.order_flow()  # the product is in the cart; the zone or payment said with it still counts
        if u.photos:
            return self.show_photos()
        if intent != "human" and swap_in_cart(self.k, norm, ent, st):
            u.intent = intent = "order"  # « finalement fais les plumés, j'ai pas le temps de tuer »: no complaint
            return self.order_flow()
        if u.unsure:
            faq = self.k.faq[u.faq_best].question if u.faq_best is not None else ""
            return self.say(ph.which_of(*u.unsure, faq_question=faq))
        if intent in ("complaint", "human"):
            return self.do_handoff("complaint" if intent == "complaint" else "human")
        asked = sum(m.qty for m in ent.products if m.qty and not m.weak)
        if self.k.handoff_items and asked >= self.k.handoff_items:
            # « il me faut 60 pains pour une cérémonie », « 40 sacs … ça fait combien ? »: to a person, however said.
            return self.do_handoff("large")
        clock = intent != "hours" or not norm.question  # « 3 hours » of the hedge trimming; « open at 18 h? » asks
        measured = measure_of_last(self.k, self.norm, ent, st, clock) if intent != "location" else []
        kept = list(ent.products) if measured else []  # the others named beside it (« et un dîner »)
        if not measured and intent in ("order", "greeting", "thanks_bye", "off_topic"):
            measured = [m for m in [count_of_presented(self.k, self.norm, ent, presented)] if m]  # « 2 » after a price
            if not measured and (taken := taken_presented(self.k, self.norm, ent, presented, u.negative)):
                measured, kept = [taken], list(ent.products)
        if measured:
            # « ça fait 5 kilos » after « vos rideaux, c'est au kilo ? »: that much of the product just talked about.
            self.ent = ent = dataclasses.replace(ent, products=[*measured, *kept], numbers=[])
            u.intent = intent = "order"
        in_order = bool(st["cart"]) or bool(st["pending"]) or bool(st["choice"])
        if st["choice"] and self.resolve_choice(list(ent.products))[0]:
            return self.order_flow()  # « des recharges », « le petit qui se visse »: the answer to « lequel ? »
        confirming = st["pending"] == "confirm" and u.affirm and not u.negative
        if st["cart"] and intent == "price" and not ent.products and any_phrase(self.norm.words, TOTAL):
            return self.order_flow()  # "ça fait combien en tout ?": the cart with its total
        orderish = (
            intent == "order"
            or confirming
            or (intent == "availability" and asked_and_counted(self.k, self.norm, ent))  # « y a lapins ? je veux 3 »
            # « ok I go come collect am myself » before any product: the pickup is noted for the order to come.
            or (ent.pickup and self.k.pickup_available and intent in ("thanks_bye", "greeting") and not ent.products)
            or (
                in_order
                and (
                    (intent in ("payment",) and ent.payments)
                    # « non finalement je vais venir récupérer au magasin »: a change of zone, whatever it sounds like
                    or (bool(st["cart"]) and (ent.pickup or (ent.zones and intent not in ("location", "hours"))))
                    or (intent == "delivery_zone_fee" and (ent.zones or ent.pickup or st["refused_zone"]))
                    or (intent == "delivery_zone_fee" and (st["pending"] == "zone" or st["zone"]))
                    # "je vais venir le prendre moi-même" answers the zone question even if it sounds like timing.
                    or (intent in ("delivery_time", "faq", "location") and st["pending"] == "zone" and ent.pickup)
                    or (intent in ("delivery_time", "faq") and st["pending"] == "zone" and ent.zones)
                    or any_phrase(self.norm.words, CHANGE)
                    # a general task (« raconte-moi une blague ») is declined, then the pending question asked again
                    or (
                        intent in ("thanks_bye", "greeting", "off_topic") and not (intent == "off_topic" and u.decisive)
                    )
                    or (intent == "availability" and ent.products)
                    or (intent == "faq" and (ent.payments or ent.zones or ent.products or ent.numbers))
                )
            )
        )
        if orderish:
            return self.order_flow()
        if ent.zones and not st["zone"] and self.k.zones[ent.zones[0]].served and intent not in ("complaint", "human"):
            st["zone"] = ent.zones[0]  # « I run a restaurant in Yopougon Siporex »: where the next order goes
        self.info(intent)
        if not in_order:
            self.also_answer(intent)
        if self.ask_last:
            self.say(self.ask_last)
        if in_order and st["pending"] and intent not in ("thanks_bye",):
            self.next_step(remind=True)

    def show_photos(self):
        """« montre-moi les pagnes », « send pictures »: each product's photo, captioned with its name and price."""
        k, ph, st = self.k, self.ph, self.state
        skus = photo_skus(k, self.ent.product_skus, st)
        if not skus and self.u.unknown:
            return self.say(ph.not_sold(self.u.unknown, closest(k, self.u.unknown)))
        if not skus:
            return self.say(ph.which_photo([p for p in k.products.values() if p.has_photo][:8]))
        show, without, more = shown(k, skus)
        self.photos = [(p.sku, ph.photo_caption(p)) for p in show]
        self.say(ph.no_photo(without) if without else "")
        self.say(ph.more_photos(more) if more else "")
        st["last_sku"] = skus[0] if len(skus) == 1 else st["last_sku"]

    def do_handoff(self, reason: str):
        self.say(self.ph.handoff(reason))
        self.handoff = True
        self.state["handoff"] = True

    # ------------------------------------------------------------------ information
    def info(self, intent: str):
        ph, k = self.ph, self.k
        if intent == "greeting":
            self.say(ph.greeting())
        elif intent == "thanks_bye":
            self.say(ph.thanks())
        elif intent == "off_topic":
            self.say(ph.off_topic())
        elif intent == "hours":
            self.say(ph.hours(k.is_open(self.now)))
        elif intent == "location":
            self.say(ph.location())
        elif intent == "faq":
            f = k.faq[self.u.faq_index]
            self.say(the_part_asked(f.answer_en if ph.lang == "en" else f.answer, self.norm, k))
        elif intent == "payment":
            self.payment_info()
        elif (
            intent == "delivery_zone_fee"
            and self.ent.products
            and any_phrase(self.norm.words, PRICE)
            and not any_phrase(self.norm.words, FEE_QUESTION)
        ):
            if self.ent.zones and all(len(m.skus) > 1 for m in self.ent.products):
                self.zone_info()  # « si je prends des tapettes vous livrez à combien ? »: the fee needs no « lequel »
            self.product_info("price")  # « l'huile c'est combien avec la livraison à Koumassi ? »: price, fee, total
        elif intent == "delivery_zone_fee":
            self.zone_info()
        elif intent == "delivery_time":
            self.time_info()
        elif intent in ("price", "availability"):
            self.product_info(intent)
        else:
            self.say(ph.off_topic())

    def also_answer(self, intent: str):
        """Several questions in one message (« la livraison à Biétry c'est combien, et vous prenez Wave ? »,
        « le réchaud 3 feux c'est combien ? il est garanti ? »): the second one answered too, from the
        shop's data only."""
        u, ent, words = self.u, self.ent, self.norm.words
        if not self.norm.question or intent in ("greeting", "thanks_bye", "off_topic"):
            return
        if intent != "payment" and payment_asked(self.norm, ent):
            self.payment_info()  # « la batterie c'est combien et vous prenez Wave ? » — not « recharge de 1000 Orange »
        if intent not in ("hours", "delivery_time") and any_phrase(words, HOURS_ASK):
            self.say(self.ph.hours(self.k.is_open(self.now)))  # « …, et vous fermez à quelle heure ? »
        if intent != "location" and any_phrase(words, WHERE_ASK):
            self.say(self.ph.location())  # « … et vous êtes où exactement ? »
        if intent == "faq" and ent.products and any_phrase(words, PRICE) and not AMOUNT.search(" ".join(self.out)):
            self.product_info("price")  # « la tension, vous la prenez ? c'est combien » is the FAQ's own price
        elif intent in ("price", "availability", "delivery_zone_fee", "payment") and u.faq_best is not None:
            if u.faq_hit and u.faq_score >= 2 and u.faq_best != u.faq_index:
                f = self.k.faq[u.faq_best]
                self.say(f.answer_en if self.ph.lang == "en" else f.answer)

    def payment_info(self):
        ph, k = self.ph, self.k
        codes = self.ent.payments
        if self.u.deferred:
            # Credit or paying later is the owner's call: never promised, never refused in their name.
            self.say(ph.deferred_payment())
        if not codes:
            self.say(ph.payment_overview())
            return
        for code in codes:
            if code in k.accepted:
                self.say(ph.payment_ok(code))
                self.state["payment"] = code  # remembered for the order that may follow
            else:
                self.say(ph.payment_refused(code))

    def zone_info(self):
        ph, k, st, ent = self.ph, self.k, self.state, self.ent
        if ent.zones:
            z = (
                k.zones[ent.zones[-1]]
                if len(ent.zones) > 1 and not k.zones[ent.zones[0]].served
                else k.zones[ent.zones[0]]
            )
            if z.served:
                self.say(ph.zone_fee(z))
                st["zone"] = z.name
                st["refused_zone"] = None
            else:
                self.say(ph.not_served(z.name))
                st["refused_zone"] = z.name
                st["asked"] = ent.products[0].skus if ent.products and not st["cart"] else None  # carried_over
        elif ent.pickup and k.pickup_available:
            self.say(ph.pickup_info())
            st["zone"] = PICKUP
        elif ent.pickup:
            self.say(ph.no_pickup())
            self.say(ph.zones_overview())
        elif ent.place:
            # A place the shop document does not name is not served: say so, with the zones and pickup.
            self.say(ph.not_served(ent.place))
            st["refused_zone"] = ent.place
        else:
            self.say(ph.zones_overview())

    def time_info(self):
        ph, k, ent = self.ph, self.k, self.ent
        if self.u.order_status and not ent.zones and not ent.pickup:
            # The engine does not see orders (the caller answers with the order's status when there is
            # one): the delivery time of the customer's zone if known, else every zone's.
            known = self.state.get("zone") or ""
            zone = PICKUP if known == PICKUP and k.pickup_available else k.zones.get(known)
            served = zone is PICKUP or (zone is not None and zone.served)
            self.say(ph.delivery_time(zone) if served else ph.times_overview())
            self.say(ph.phrase("order.late"))
            return
        if ent.zones:
            z = k.zones[ent.zones[0]]
            if z.served:
                self.say(ph.delivery_time(z))
            else:
                self.say(ph.not_served(z.name))
        elif ent.pickup and k.pickup_available:
            self.say(ph.delivery_time(PICKUP))
        elif ent.place:
            self.say(ph.not_served(ent.place))
        else:
            self.say(ph.times_overview())

    def product_info(self, intent: str):
        ph, k, ent, st = self.ph, self.k, self.ent, self.state
        mentions = ent.products
        if self.u.discount and intent == "price":
            self.say(ph.phrase("discount.refused"))
            if not mentions and st.get("last_sku") not in k.products and not self.u.catalogue:
                return
        if not mentions and st.get("last_sku") in k.products and intent == "price":
            p = k.products[st["last_sku"]]
            self.say(self.out_of_stock(p) if not p.in_stock else ph.price_line(p))
            return
        if not mentions and ent.budget and (inside := within(k, k.products, ent.budget)):
            return self.say(ph.catalogue([k.products[s] for s in inside]))  # « something around 80k? »
        kind = [] if mentions and not self.u.catalogue else kind_named(k, self.norm.words, self.u.unknown)
        if kind and not self.u.catalogue:
            # « vous avez quels légumes ? », « una get juice? »: the shop's products of that kind, with prices.
            return self.say(ph.catalogue([k.products[s] for s in kind]))
        if self.u.catalogue or (not mentions and intent == "price" and not self.u.unknown):
            # "vos tarifs ?", "send me all your prices": every product with its price, in the owner's order;
            # « vos prix pour les tresses et les ongles » those of the kinds named.
            named = listed(k, self.norm, {s for m in mentions for s in m.skus} | set(kind))
            everything = not named or any_phrase(self.norm.words, EVERYTHING)
            products = [p for p in k.products.values() if everything or p.sku in named]
            if any_phrase(self.norm.words, CHEAP):
                products.sort(key=lambda p: p.price)
            self.say(ph.catalogue(products))
            return
        if not mentions:
            thing = self.u.unknown or ""
            self.say(ph.not_sold(thing, closest(k, thing) if thing else []))
            return
        total, counted, several = 0, 0, False
        lines, shown = [], []
        for m in mentions:
            if intent in ("availability", "price") and self.not_this_kind(m):
                continue
            m = (priced_one(k, self.norm, m, mentions) if len(m.skus) > 1 else None) or m
            if len(kind := with_kind(k, m)) > 1:
                cands = [k.products[s] for s in kind]  # « vous avez quelles bières ? »: every beer
                self.say(ph.clarify(choice_word_of(k, m.text) or common_word(cands), cands))
                st["choice"] = {"skus": [c.sku for c in cands], "qty": m.qty}
                self.buttons = choice_buttons([c.name for c in cands]) or self.buttons
                continue
            p = k.products[m.skus[0]]
            st["last_sku"] = p.sku
            if not p.in_stock:
                self.say(self.out_of_stock(p, None if m.weak else m.qty))
                continue
            shown.append(p.sku)
            if intent == "availability":
                lines.append(ph.in_stock(p))
                if p.description and ph.lang == "fr" and any_phrase(self.norm.words, DESCRIBE):
                    lines.append(p.description)
            else:
                # « how much be your baby wipes? I wan buy 4 »: the one count of the message is this product's.
                alone = len(mentions) == 1 and len(ent.numbers) == 1 and ent.numbers[0] not in p.name_numbers
                strong = m.qty if m.qty and not m.weak else None
                measured = measure_said(self.norm, p) if len(mentions) == 1 and not strong else None  # « j'en ai 6 kg »
                qty = strong or (ent.numbers[0] if alone else None) or (measured[0] if measured else None) or m.qty
                lines.append(ph.price_line(p, qty))
                total += p.price * (qty or 1)
                counted += 1
                several = several or (qty or 0) > 1 or bool(strong)
        if intent == "price" and lines and ph.lang == "en" and (counted > 1 or several):
            self.say("Here are our prices:")
        for line in lines:
            self.say(line)
        if intent == "price" and counted > 1 and (several or any_phrase(self.norm.words, TOTAL)):  # never 2 unit prices
            self.say(f"Total : {money(total)}" if ph.lang == "fr" else f"Total: {money(total)}")
        if intent == "price" and counted and ent.zones:
            # "c'est combien avec la livraison à Koumassi ?": the fee and the total too, or why not.
            zone = k.zones[ent.zones[0]]
            self.say(ph.price_with_delivery(zone, total) if zone.served else ph.not_served(zone.name))
        elif intent == "price" and counted and ent.place and not ent.pickup:
            self.say(ph.not_served(ent.place))
        if len(shown) == 1 and len(mentions) == 1 and not st["cart"]:
            st["presented"] = shown[0]  # a count said next is that many of it
            if not several and not ent.numbers:
                self.ask_last = ph.phrase("presented.how_many")  # after the other questions' answers

    def not_this_kind(self, m, other_thing_only: bool = False) -> bool:
        """« wedding dresses », « du fer de 6 », « un tire-lait »: what the shop does not have, said, with the
        product's other kinds when it is one of them."""
        asked = unknown_modifier(self.norm, self.ent, self.k, m, english=self.ph.lang == "en")
        if asked and other_thing_only and asked[1] and len(m.skus) > 1:
            # « 3 paquets de mèches indiennes »: not sold, said before « which one? » lists the kinds there are
            self.say(self.ph.not_sold(asked[0], []))
        if not asked or other_thing_only and asked[1]:
            return False
        thing, same_kind = asked
        if same_kind and not any(self.k.products[s].in_stock for s in m.skus):
            return False  # « le velours bordeaux » when there is no velvet at all: out of stock is the answer
        kinds = [self.k.products[s] for s in m.skus if self.k.products[s].in_stock] if same_kind else []
        self.say(self.ph.not_sold(thing, kinds))
        return True

    # ------------------------------------------------------------------ order
    def order_flow(self):
        ph, k, ent, st, u = self.ph, self.k, self.ent, self.state, self.u
        self.handled_as = "order"
        words = self.norm.words
        changed = False
        cart_before = copy.deepcopy(st["cart"])
        # Confirmation of a recap.
        if st["pending"] == "confirm":
            if (
                u.affirm
                and not u.negative
                and not ent.products
                and not ent.zones
                and not ent.payments
                and not ent.numbers
            ):
                return self.confirm()
            if any_phrase(words, CHANGE) and not (ent.products or ent.payments or ent.zones or ent.pickup):
                st["pending"] = None  # (« sorry, change that: cash on delivery » says what)
                self.say(ph.what_to_change())
                return
        if u.negative and any_phrase(words, CANCEL) and not (ent.products or ent.refused) and not ent.numbers:
            return self.cancel()
        remove = removal(words, self.ent, [ln["sku"] for ln in st["cart"]])
        # « the one without the MC », « le pack sans drone »: a variant turned down, none of the cart's, is no removal
        remove = remove and not turned_down_only(words, ent, {ln["sku"] for ln in st["cart"]})
        more = any_phrase(words, MORE) and not any_phrase(words, (*REPLACE, *ALL_OF_THEM)) and not count_set(words)
        mentions = list(ent.products)
        # « à la place du diagnostic, faites la réparation », « remplacez le cadre A4 par un cadre 20x30 »
        if gone := replaced_line(self.norm, mentions, st["cart"], ent.kinds):
            mentions, st["cart"] = gone
        if remove and mentions and all(self.added_before(m) for m in mentions):
            remove = False  # « ajoute la maquette aussi, on a pas de design »
        numbers = list(ent.numbers) or nights_of_stay(k, self.norm, st)
        named: set[int] = set()
        if recount := container_count(self.norm, ent, st):  # « make am 4 packs »: a new count, no « Pack famille »
            numbers, mentions, self.ent = [recount], [], dataclasses.replace(ent, products=[])
            ent = self.ent
        if split := split_line(k, self.norm, ent, st):  # « non finalement 1 classique et 1 pour ordinateur »
            st["cart"] = [ln for ln in st["cart"] if ln["sku"] != split[0]]
            for sku, n in split[1]:
                self.set_line(sku, n, more=False)
            numbers, changed = [], True
        elif recount := recount_before(k, self.norm, ent, st):  # « finalement 1 seau seulement, et ajoute 5 … »
            self.find_line(recount[0])["qty"], numbers, changed = recount[1], [], True
        elif swap := swap_in_cart(k, self.norm, ent, st):  # « non pas couleur, en noir et blanc finalement »
            line = self.find_line(swap[0])
            line["sku"], counts = swap[1], [n for n in numbers if n not in k.products[swap[1]].name_numbers]
            self.set_line(swap[1], counts[0] if len(counts) == 1 else line["qty"], more=False)
            numbers, changed = [], True
        if st["choice"]:
            # « le 45 », « celui de 20 parts »: a number of a name or a price, no count; « j'en ai 2 » counts
            numbers, named = counts_of_choice(k, self.norm, numbers, st["choice"]["skus"])
        bare_number = bool(numbers) and not ent.products
        if self.pending_before == "quantity" and not bare_number and not remove:
            # The customer moved on without saying how many (another product, the zone, the payment,
            # « je confirme »): one of each, as a seller would understand it.
            for line in st["cart"]:
                if not line["qty"]:
                    line["qty"] = answered_count(self.norm, ent) or 1  # « mets 2, avec 2 chambres à air »
                    changed = True
        # A choice waiting in the queue answered first (« le costume 3 pièces » while « lesquelles chemises ? » is
        # asked): that one is settled, the question asked stays.
        for queued in list(st["queue"]):
            picked, used = self.resolve_choice(mentions, queued["skus"])
            if picked and used is not None:
                mentions.remove(used)
                st["queue"].remove(queued)
                qty = used.qty if used.qty and not used.weak else queued.get("qty")
                self.set_line(picked, qty or (1 if used.weak else None), more=False)
                changed = True
        # A pending choice between products ("lait" -> powdered or condensed?), or split (« un homme et un femme »).
        for sku, n in split_counts(k, self.norm, st["choice"]["skus"]) if st["choice"] and not ent.products else ():
            self.set_line(sku, n, more=False)
            st["choice"], changed, numbers = None, True, []  # (« one is 2 kg and the other 4 kg »: counted)
        if st["choice"]:
            picked, used = self.resolve_choice(mentions)
            if picked:
                qty = chosen_count(k, self.norm, picked, used, numbers, named, st["choice"])
                if used is None:
                    # Chosen by its description (« le petit qui se visse sur la B6 »): the words that described
                    # it are not new products, unless a quantity goes with them.
                    mentions = left_after_choice(k, self.norm, mentions, st["choice"]["skus"], picked)
                if used in mentions:
                    mentions.remove(used)
                st["choice"] = None
                if k.products[picked].in_stock:
                    self.set_line(picked, qty, more=False)
                else:
                    self.say(self.out_of_stock(k.products[picked], qty))  # « Série A » when it is out of stock
                changed = True
            else:
                # « plumés » among six chickens, « en bazin » among four pagnes: the candidates it names are asked
                # next, a step forward, not a loop.
                cands = st["choice"]["skus"]
                inside = [m for m in mentions if set(m.skus) < set(cands)]
                if len(mentions) == 1 and inside:
                    narrowed = [s for s in cands if s in inside[0].skus]
                    mentions = []
                else:
                    narrowed = [] if mentions else narrow_choice(k, self.norm, cands, self.ent.refused_at)
                if narrowed:
                    st["choice"].update(skus=narrowed, asked=0)
        if len(mentions) == 1 and mentions[0].qty and (again := corrected_count(self.norm, ent, mentions[0], k)):
            mentions[0].qty, numbers = again, []  # « 2 bouquets de 6 roses... non plutôt 3 »
        spent: set[int] = set()  # words that told a product apart, no product of their own
        for m in mentions:
            if m.start in spent or self.not_this_kind(m, other_thing_only=True):
                continue  # « un tire-lait »: not milk (a kind named after the word is left to the model)
            skus = m.skus
            if len(skus) > 1:
                in_cart = [s for s in skus if self.find_line(s)]
                counts = {ln["sku"]: ln["qty"] for ln in st["cart"]}
                told, said = one_of(k, self.norm, self.ent, m, mentions, counts, st["last_sku"])
                if told:
                    skus = [told]  # the words after it, a measure beside it, or the full service (choice.one_of)
                    spent |= said
                elif len(in_cart) == 1:
                    skus = in_cart
                else:
                    measure = measure_before(k, self.norm.words, m)
                    ask = {"skus": skus, "qty": m.qty, "word": choice_word_of(k, m.text), "measure": measure}
                    same = next((c for c in [st["choice"], *st["queue"]] if c and set(c["skus"]) == set(skus)), None)
                    if same:
                        same["qty"] = m.qty or same.get("qty")  # « 6 chemises » while « lesquelles ? » is asked
                    elif st["choice"]:
                        st["queue"].append(ask)  # asked once the current « lequel ? » is answered
                    else:
                        st["choice"] = ask
                    continue
            p = k.products[skus[0]]
            st["last_sku"] = p.sku
            line = self.find_line(p.sku)
            gone = remove and removal_reaches(self.norm, m)
            if not p.in_stock or (gone and (m.qty is None or m.weak)):
                if line:
                    st["cart"].remove(line)
                    changed = changed or p.in_stock
                if not p.in_stock:
                    self.say(self.out_of_stock(p, None if m.weak else m.qty))
                continue
            if gone and line and line["qty"] and (not any_phrase(words, REPLACE) or bool(numbers)):
                # « remove 2 croissants »: two less; « enlevez 1 scotch, 2 suffisent finalement »: two left
                line["qty"] = numbers[-1] if count_left(words, numbers, line["qty"]) else line["qty"] - m.qty
                if line["qty"] <= 0:
                    st["cart"].remove(line)
                changed = True
                continue
            each = served_count(k, p.sku, st["cart"]) if m.qty is None or m.weak else None
            self.set_line(p.sku, each or m.qty, more=more, weak=m.weak and not each)
            changed = True
        if ent.zones or ent.pickup or ent.payments:
            # « gâteau 12 parts, Plateau Indénié, momo »: an order said whole without a count is one of each.
            said = {s for m in mentions for s in m.skus}
            for line in (ln for ln in st["cart"] if not ln["qty"] and ln["sku"] in said):
                line["qty"] = 1
        if not st["choice"] and st["queue"]:
            st["choice"] = st["queue"].pop(0)
        if st["choice"] and bare_number and not remove:
            st["choice"]["qty"] = numbers[0]  # « non mets 3 finalement » before saying which one
            changed = True
        one_less = remove and not ent.products and not numbers and any_phrase(words, ("un", "une", "one"))
        if not ent.products and (numbers or one_less) and not st["choice"]:
            target = next((line for line in st["cart"] if not line["qty"]), None)
            n = said_count(words, numbers) if numbers else 1
            last = self.find_line(st["last_sku"]) or (st["cart"][0] if len(st["cart"]) == 1 else None)
            measured = self.find_line(line_meant(k, self.norm, [ln["sku"] for ln in st["cart"]]))
            if measured and not target:
                # « non mets 10 sacs finalement » while the nails were talked about last: the cement, in bags.
                last = measured
                st["last_sku"] = measured["sku"]
            if remove and last and last["qty"]:
                # « enlève-en un », « remove one »: one less of the line just talked about (or what is left: count_left)
                last["qty"] = numbers[-1] if count_left(words, numbers, last["qty"]) else last["qty"] - n
                if last["qty"] <= 0:
                    st["cart"].remove(last)
                if st["pending"] == "confirm":
                    st["pending"] = None
                changed = True
            elif target:
                target["qty"] = n
                changed = True
            elif (
                st["last_sku"] in k.products
                and k.products[st["last_sku"]].in_stock
                and (u.intent == "order" or self.find_line(st["last_sku"]))
            ):
                self.set_line(st["last_sku"], n, more=more)
                changed = True
        if (
            not ent.products
            and not ent.numbers
            and u.intent == "order"
            and st["last_sku"]
            and not st["cart"]
            and not st["choice"]
            and not u.unknown
            and k.products.get(st["last_sku"])
            and k.products[st["last_sku"]].in_stock
            and any_phrase(words, ("mets", "met", "prends", "prend", "je veux", "take", "want", "i ll"))
        ):
            self.set_line(st["last_sku"], None, more=False)
            changed = True
        if self.k.handoff_items and self.total_items() >= self.k.handoff_items:
            return self.do_handoff("large")  # too many items: a person takes over
        # Zone or pickup. A zone named with pickup words wins (« venez récupérer à Niangon »), unless it is the zone
        # just refused (« vous livrez pas Yop ? ok je passe récupérer »).
        # « je passe la chercher à Angré » where the shop is: its own zone says where to collect.
        i_come = any_phrase(words, I_COME) and not any_phrase(words, YOU_COME)
        served_named = [
            z
            for z in ent.zones
            if (k.zones[z].served or z != st["refused_zone"]) and not (i_come and z in k.home_zones)
        ]
        if ent.pickup and k.pickup_available and not (served_named and not any_phrase(words, ("retrait", "pick up"))):
            st["zone"] = PICKUP
            st["refused_zone"] = None
            self.noted_zone = PICKUP
            changed = True
        elif ent.pickup and not k.pickup_available and not ent.zones:
            self.say(ph.no_pickup())
        elif ent.zones:
            served = [z for z in ent.zones if k.zones[z].served]
            if served:
                st["zone"] = served[0]
                st["refused_zone"] = None
                self.noted_zone = served[0]
                changed = True
            else:
                z = ent.zones[0]
                st["refused_zone"] = z
                st["zone"] = None
                self.say(ph.not_served(z))
        elif ent.place and not ent.pickup:
            st["refused_zone"] = ent.place
            st["zone"] = None
            self.say(ph.not_served(ent.place))
        elif (
            st["refused_zone"]
            and st["pending"] == "zone"
            and (u.intent == "delivery_zone_fee" or any_phrase(words, ("livraison", "livrer", "deliver", "delivery")))
        ):
            self.say(ph.not_served(st["refused_zone"]))
        if ent.when:
            st["when"] = ent.when
        # Payment.
        for code in ent.payments:
            if code in k.accepted:
                st["payment"] = code
                self.noted_payment = code
                changed = True
            else:
                self.say(ph.payment_refused(code))
        if not st["cart"] and not st["choice"] and u.unknown and u.intent == "order":
            self.say(ph.not_sold(u.unknown, closest(k, u.unknown)))
            return
        if not st["cart"] and not st["choice"] and u.intent == "order" and not changed and not self.out:
            self.say(ph.phrase("order.start"))
            # A short sample on a phone screen (the price list is one question away), not the whole catalogue.
            self.say(ph.catalogue(list(k.products.values()), limit=8))
            return
        if not st["cart"] and not st["choice"] and not changed:
            if u.intent in ("thanks_bye",) or u.negative:
                if st["pending"]:
                    st["pending"] = None
                self.say(ph.thanks() if not u.negative else ph.cancelled())
                return
            if u.intent == "greeting":
                self.say(ph.greeting())
                return
        if st["cart"] and not st["cart_at"]:
            st["cart_at"] = self.now.isoformat()
        if u.unknown and ent.products and st["cart"]:
            self.say(ph.not_sold(u.unknown, []))  # beside what was understood, what the shop does not sell
        if u.negative and st["pending"] == "minimum" and not changed:
            self.say(ph.phrase("minimum.declined"))
            if k.pickup_available:
                self.say(ph.pickup_info())
            return
        self.cart_changed = st["cart"] != cart_before
        self.next_step()

    def added_before(self, m) -> bool:
        """« ajoute la maquette aussi, on a pas de design »: an add word before the product and the removal words
        only after it, in another sentence, say nothing about this product."""
        words = self.norm.words
        adds = [i for i in (find_phrase(words, c) for c in MORE) if 0 <= i < m.start]
        removes = [i for i in (find_phrase(words, c) for c in REMOVE) if i >= 0]
        return bool(adds) and min(removes, default=0) >= m.end

    def resolve_choice(self, mentions, cands: list[str] | None = None):
        cands = cands or self.state["choice"]["skus"]
        return resolve_choice(self.k, self.norm, mentions, cands, self.ent, [ln["sku"] for ln in self.state["cart"]])

    def set_line(self, sku: str, qty: int | None, more: bool, weak: bool = False):
        line = self.find_line(sku)
        if line:
            if qty is None or (weak and line["qty"]):
                return
            if more and line["qty"]:
                line["qty"] += qty
            else:
                line["qty"] = qty
        else:
            self.state["cart"].append({"sku": sku, "qty": qty})
        self.state["last_sku"] = sku
        if self.state["pending"] == "confirm":
            self.state["pending"] = None

    def next_step(self, remind: bool = False):
        ph, k, st = self.ph, self.k, self.state
        if st["choice"]:
            cands = [k.products[s] for s in st["choice"]["skus"] if s in k.products]
            word = st["choice"].get("word") or common_word(cands)
            st["choice"]["asked"] = st["choice"].get("asked", 0) + 1
            if st["choice"]["asked"] > CHOICE_ASKS:
                # Asked again and again, never answered: a person finishes the order rather than a loop.
                return self.do_handoff("stuck")
            if self.cart_changed and st["cart"] and all(line["qty"] for line in st["cart"]):
                # What was just added is shown, with the question still open (« et 1 robe de soirée »).
                self.say("\n".join(self.cart_summary()))
            self.acknowledge("choose")
            self.say(ph.clarify(word, cands))
            self.buttons = choice_buttons([c.name for c in cands]) or self.buttons
            st["pending"] = "choose"
            return
        missing = next((line for line in st["cart"] if not line["qty"]), None)
        if missing:
            self.acknowledge("quantity")
            self.say(ph.ask_quantity(k.products[missing["sku"]]))
            st["pending"] = "quantity"
            return
        if not st["cart"]:
            if not self.out:
                noted = ph.noted(self.noted_zone, self.noted_payment)  # « C'est noté : retrait à la boutique. »
                self.say("\n\n".join(filter(None, [noted, ph.phrase("order.what")])))
            st["pending"] = None
            return
        lines = self.cart_lines()
        summary = self.cart_summary() if not remind and st["pending"] not in ("confirm",) else []
        zone = st["zone"]
        if zone is None or (zone != PICKUP and zone not in k.zones):
            if summary and not st["refused_zone"]:
                self.say("\n".join(summary))
            if not st["refused_zone"] or not self.out:
                self.acknowledge("zone")
                self.say(ph.ask_zone())  # never a silent turn while the zone is still missing
            st["pending"] = "zone"
            return
        if zone != PICKUP:
            z = k.zones[zone]
            if z.min_order and self.subtotal() < z.min_order:
                if summary:
                    self.say("\n".join(summary[:-1]))  # the minimum says the subtotal
                self.say(ph.below_minimum(z, self.subtotal()))
                st["pending"] = "minimum"
                return
        if not st["payment"] or st["payment"] not in k.accepted:
            if summary:
                fee = k.zone_fee(zone)
                delivery = ph.phrase("cart.delivery", zone=zone, fee=money(fee))
                label = delivery if zone != PICKUP else ph.phrase("cart.pickup")
                total = ph.phrase("cart.total", total=money(self.subtotal() + fee))
                self.say("\n".join([*summary, label, total]))
            self.acknowledge("payment")
            self.say(ph.ask_payment())
            st["pending"] = "payment"
            return
        fee = k.zone_fee(zone)
        self.say(ph.recap(lines, zone, fee, st["payment"], k.zone_eta(zone), st.get("when") or ""))
        self.buttons = (ph.phrase("button.confirm"), ph.phrase("button.change"))
        st["pending"] = "confirm"

    def cart_summary(self) -> list[str]:
        """« Votre panier : », its lines, the subtotal."""
        ph, total = self.ph, money(self.subtotal())
        return [ph.phrase("cart.head"), *ph.cart_lines(self.cart_lines()), ph.phrase("cart.subtotal", subtotal=total)]

    def out_of_stock(self, p: Product, qty: int | None = None) -> str:
        """Out of stock, with the alternatives offered: remembered for the next message (« donne-moi le 128
        alors », « ok give me the 40 mm instead »)."""
        offered = alternatives(self.k, p)
        self.state["offered"] = [o.sku for o in offered]
        self.state["offered_qty"] = qty
        return self.ph.out_of_stock(p, offered)

    def take_offer(self, offered: list[str], asked_qty: int | None = None):
        """The customer takes one of the alternatives just offered: it goes in the cart as an order. Returns
        the mention that named it (or True), None when the offer is not taken."""
        st, k, ent = self.state, self.k, self.ent
        offered = [s for s in offered if s in k.products and k.products[s].in_stock]
        if not offered or self.u.negative or any_phrase(self.norm.words, REMOVE):
            return None  # « bon laisse, c'est pas grave »
        mentions = list(ent.products)
        picked, used = self.resolve_choice(mentions, offered)
        if used is None and picked and len(mentions) == 1 and said_in(k, mentions[0], picked):
            used = mentions[0]  # « the large chicken one »: « chicken » is of the chicken pizza offered
        if used is None:
            picked = None  # only a product named again takes the offer, never a description or a digit
        # « le 128 » after the 256 Go, « 2 d'occasion alors, avec le montage »: the words outside the products named
        told = offer_told(k, self.norm, ent, offered) if any_phrase(self.norm.words, TAKE_OFFER) else None
        if told and told != picked:
            picked, used = told, None
        named = mentions[0].skus[0] if len(mentions) == 1 and len(mentions[0].skus) == 1 else None
        if not picked and named in k.products and k.products[named].in_stock:
            picked, used = named, mentions[0]  # named outright (« donne moi kedjenou poulet alors, 2 »), offered or not
        if not picked and len(mentions) < 2 and any_phrase(self.norm.words, TAKE_OFFER):
            # « bon mets les blancs alors »; « mettez le standard alors » after the VIP one: its sibling
            cands = mentions[0].skus if mentions else offered
            picked = (sibling_of if mentions else variant_of)(k, self.norm, st["last_sku"], cands)
            used = mentions[0] if picked and mentions else used
        if not picked or not (any_phrase(self.norm.words, TAKE_OFFER) or self.u.intent == "order"):
            if asked_qty and len(mentions) == 1 and mentions[0].qty is None and set(mentions[0].skus) <= set(offered):
                mentions[0].qty = asked_qty  # « 2 boîtes de Nursie » out, « guigoz alors » (which one?): still two
            return None
        names = [k.products[s].name_numbers for s in (picked, *ent.product_skus)]  # « le 128 », « the 40x40 cloths »
        counts = [n for n in ent.numbers if not any(n in numbers for numbers in names)]
        qty = (used.qty if used and used.qty and not used.weak else None) or (counts[0] if counts else None)
        st["choice"] = None
        qty = qty or asked_qty or 1  # « 2 boîtes de Nursie » out of stock, « donne-moi Guigoz alors »: two
        self.set_line(picked, qty, more=False)
        return used or True

    def acknowledge(self, pending: str) -> None:
        """The question ``pending`` was already the last one asked and this turn settled something else: say
        what (« C'est noté : livraison à Adjamé. ») before asking it again."""
        if self.pending_before == pending:
            noted = self.ph.noted(self.noted_zone, self.noted_payment)
            if noted:
                self.say(noted)

    def confirm(self):
        k, st = self.k, self.state
        lines = self.cart_lines()
        zone = st["zone"]
        fee = k.zone_fee(zone)
        subtotal = self.subtotal()
        self.order = OrderDraft(
            lines=[(p.sku, p.name, p.price, q) for p, q in lines],
            zone=zone,
            subtotal=subtotal,
            delivery_fee=fee,
            total=subtotal + fee,
            payment=st["payment"],
            eta_minutes=tuple(k.zone_eta(zone)) if k.zone_eta(zone) else None,
            when=st.get("when") or "",
        )
        self.say(self.ph.confirmed(subtotal + fee, st["payment"]))
        self.clear_cart()

    def cancel(self):
        self.clear_cart()
        self.say(self.ph.cancelled())

    def clear_cart(self):
        st = self.state
        st.update(
            cart=[], choice=None, queue=[], pending=None, payment=None, refused_zone=None, cart_at=None, when=None
        )


DEFAULT_MODEL = object()  # respond(model=...) left out: the shipped model


def respond(
    *,
    knowledge: Knowledge,
    state: dict | None,
    text: str,
    now: datetime,
    model: IntentClassifier | None = DEFAULT_MODEL,
) -> Turn:
    """One customer message answered. ``model`` classifies the intent with the rules as its guard: the
    shipped model by default, None for the rule cascade alone (the evaluation's baseline)."""
    if model is DEFAULT_MODEL:
        model = default_model()
    timings = {}
    t0 = time.perf_counter()
    st = copy.deepcopy(state) if state else new_state()
    for key, value in new_state().items():
        st.setdefault(key, value)
    norm = normalise(text, knowledge.own_slang)
    t1 = time.perf_counter()
    language = lang_mod.detect(norm, st.get("language")) or "fr"
    t2 = time.perf_counter()
    ent = extractor_for(knowledge).extract(norm)
    t3 = time.perf_counter()
    expired = expire(st, now)
    answer_words(knowledge, norm, ent, st)  # « le liquide » while « liquide ou poudre ? » is asked: no cash
    in_context(knowledge, norm, ent, st)  # « l'abattage » of the sheep in the cart, « vanille-chocolat » of a cake
    carried_over(knowledge, ent, st)  # « je vais venir alors » after « vous venez à Yopougon pour un polish ? »
    u = understand(norm, ent, knowledge, st, language, model)
    t4 = time.perf_counter()
    reply_lang = lang_mod.reply_language(language)
    seed = f"{text}|{st.get('turns', 0)}"
    ph = Phrases(knowledge, reply_lang, seed, nouchi=language == "nouchi")
    st["language"] = language
    policy = Policy(knowledge, st, text, now)
    if st["handoff"]:
        # Handed to a person: the assistant stays silent until the owner hands the conversation back.
        turn_replies = []
        handoff = True
    else:
        if expired:
            policy.say(ph.expired())
        policy.run(norm, ent, u, ph)
        handoff = policy.handoff
        text_out = "\n\n".join(policy.out)
        if text_out and st["last_reply"] == fingerprint(text_out) and st["pending"]:
            # Never the same message twice in a row: the pending question, said differently with how to answer.
            options = [
                knowledge.products[s].name for s in (st["choice"] or {}).get("skus", []) if s in knowledge.products
            ]
            text_out = ph.ask_again(st["pending"], options, st["refused_zone"]) or text_out
        st["last_reply"] = fingerprint(text_out) if text_out else st["last_reply"]
        turn_replies = [Reply(text=caption, photo=sku) for sku, caption in policy.photos]
        turn_replies += [Reply(text=text_out, buttons=policy.buttons)] if text_out else []
    st["turns"] = int(st.get("turns") or 0) + 1
    st["updated_at"] = now.isoformat()
    t5 = time.perf_counter()
    timings.update(
        normalise=(t1 - t0) * 1000,
        language=(t2 - t1) * 1000,
        entities=(t3 - t2) * 1000,
        intent=(t4 - t3) * 1000,
        policy=(t5 - t4) * 1000,
        total=(t5 - t0) * 1000,
    )
    in_order = bool(state and (state.get("cart") or state.get("pending") or state.get("choice")))
    return Turn(
        # Inside an order, a message the order took (« je passe les prendre vers 16h ») is reported as one.
        intent="order"
        if in_order and policy.handled_as == "order" and u.intent not in ("complaint", "human")
        else u.intent,
        language=language,
        reply_language=reply_lang,
        replies=turn_replies,
        state=st,
        handoff=handoff,
        order=policy.order,
        timings=timings,
        topic="order_status" if u.intent == "delivery_time" and u.order_status else "",
    )
