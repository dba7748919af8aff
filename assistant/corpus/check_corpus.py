#!/usr/bin/env python3
"""Consistency checks for the assistant corpus (standard library only).

Usage: python3 check_corpus.py [DIR ...]   (DIR: one business folder, or the corpus root, whose
every sub-folder holding a business.json is checked; defaults to this file's folder)

Adapted from the public development set's check_dataset.py: a business's message ids are any
lower-case prefix + 3 or 4 digits (dialogues: the prefix + "d" + 2 or 3 digits), and each intent
needs MIN_PER_INTENT messages.

Checks business.json (the shop document of DESIGN.md), messages.jsonl and dialogues.jsonl
against each other: ids, intents, product / zone / payment references, flags, facts behind
the numbers in must_mention, must_mention vs must_not conflicts, and exact dialogue arithmetic.
Prints counts per language and intent; exits 1 when an error is found.

The text-matching rules of README.md live here too (normalise, item_matches, text_failures)
so that an evaluator can import them instead of re-implementing them.
"""

import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

INTENTS = (
    "greeting",
    "price",
    "order",
    "availability",
    "delivery_zone_fee",
    "delivery_time",
    "payment",
    "hours",
    "location",
    "faq",
    "complaint",
    "human",
    "thanks_bye",
    "off_topic",
)
PAYMENT_CODES = ("cash", "wave", "orange_money", "mtn_momo", "moov_money", "card")
LANGS = ("fr", "en", "nouchi")
FLAGS = ("clarify", "handoff", "out_of_stock", "not_served", "not_in_catalogue")
PICKUP = "pickup"
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
SHOP_KEYS = (
    "name",
    "description",
    "currency",
    "address",
    "phone",
    "hours",
    "pickup",
    "products",
    "delivery_zones",
    "delivery_notes",
    "payment_methods",
    "payment_not_accepted",
    "faq",
    "handoff",
)
MESSAGE_KEYS = {"id", "lang", "text", "intent", "entities", "must_mention", "must_not", "reply_lang"}
ENTITY_KEYS = {"product_ids", "quantities", "zone", "payment"}
DIALOGUE_KEYS = {"id", "lang", "reply_lang", "turns", "expected_order", "notes"}
ORDER_KEYS = {"items", "zone", "subtotal", "delivery_fee", "total", "payment"}
MIN_PER_INTENT = 8
# A nouchi message should carry at least one of these (normalised) markers.
NOUCHI_MARKERS = (
    "djo",
    "vieux",
    "vie",
    "boss",
    "champion",
    "ma go",
    "on dit quoi",
    "ca dit quoi",
    "c est comment",
    "drap",
    "foye",
    "on est ensemble",
    "chap chap",
    "dje",
    "krika",
    "voili",
    "tchass",
    "gbo",
    "craz",
    "gbe",
    "affairer",
    "loger",
    "couper",
    "batarise",
    "gaou",
)

# ------------------------------------------------------------------ matching rules (README.md)

# A space (any kind), dot or comma between a digit and a group of exactly three digits.
_THOUSANDS = re.compile(r"(?<=\d)[ \u00a0\u202f.,](?=\d{3}(?!\d))")
_HYPHENS_APOSTROPHES = re.compile(r"[-\u2010\u2011\u2012\u2013\u2014\u2212'\u2019\u2018\u02bc`]")


def normalise(text):
    """Lower case, accents removed, thousands separators removed, hyphens/apostrophes as spaces."""
    text = text.replace("œ", "oe").replace("Œ", "oe").replace("æ", "ae").replace("Æ", "ae")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = text.replace("\u00a0", " ").replace("\u202f", " ")
    text = _THOUSANDS.sub("", text)
    text = _HYPHENS_APOSTROPHES.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


def variants(item):
    return [v.strip() for v in item.split("|") if v.strip()]


def _variant_in(variant, reply):
    """Both arguments already normalised."""
    if variant.isdigit():
        return any(int(tok) == int(variant) for tok in re.findall(r"\d+", reply))
    start = 0
    while True:
        i = reply.find(variant, start)
        if i < 0:
            return False
        j = i + len(variant)
        clash_left = variant[0].isdigit() and i > 0 and reply[i - 1].isdigit()
        clash_right = variant[-1].isdigit() and j < len(reply) and reply[j].isdigit()
        if not (clash_left or clash_right):
            return True
        start = i + 1


def item_matches(item, reply):
    """True when any ' | ' variant of item occurs in reply under the README rules."""
    norm_reply = normalise(reply)
    return any(_variant_in(normalise(v), norm_reply) for v in variants(item))


def text_failures(message, reply):
    """(must_mention items missing from reply, must_not items present in reply)."""
    missing = [i for i in message.get("must_mention", []) if not item_matches(i, reply)]
    present = [i for i in message.get("must_not", []) if item_matches(i, reply)]
    return missing, present


def _selftest():
    assert normalise("Œufs : 2 750 F CFA") == "oeufs : 2750 f cfa"
    assert normalise("3\u202f500 F") == "3500 f"
    assert item_matches("2500", "La livraison coûte 2 500 F.")
    assert not item_matches("500", "La livraison coûte 2 500 F.")
    assert not item_matches("500", "Riviera : 3 500 F")
    assert item_matches("19500", "19.500 FCFA") and item_matches("19500", "19,500 F")
    assert item_matches("20", "entre 20-40 min") and item_matches("40", "20–40 minutes")
    assert not item_matches("15", "pack 6 x 1,5 L")
    assert item_matches("5 kg | 5kg", "sac de 5 kg") and not item_matches("5 kg | 5kg", "sac de 25 kg")
    assert item_matches("7h | 07:00", "de 7h00 à 21h30") and not item_matches("7h", "jusqu'à 17h")
    assert item_matches("crédit", "Pas de credit, désolé") and item_matches("Port-Bouët", "port bouet")
    assert item_matches("plaquette d'œufs", "la plaquette d’oeufs")


# ------------------------------------------------------------------ helpers


class Report:
    def __init__(self):
        self.errors, self.warnings = [], []

    def error(self, where, msg):
        self.errors.append(f"{where}: {msg}")

    def warn(self, where, msg):
        self.warnings.append(f"{where}: {msg}")


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def hhmm(x):
    return isinstance(x, str) and re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", x) is not None


def pure_numbers(items):
    """Integers given as whole items or as whole ' | ' variants."""
    out = set()
    for item in items:
        for v in variants(item):
            if v.isdigit():
                out.add(int(v))
    return out


def load_jsonl(path, rep):
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            rep.error(f"{path.name}:{n}", "blank line")
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            rep.error(f"{path.name}:{n}", f"invalid JSON ({exc})")
    return rows


# ------------------------------------------------------------------ business.json


def check_business(shop, rep):
    w = "business.json"
    if tuple(shop) != SHOP_KEYS:
        rep.error(w, f"top-level keys must be exactly {list(SHOP_KEYS)} in that order, got {list(shop)}")
    if shop.get("currency") != "XOF":
        rep.error(w, "currency must be XOF")
    addr = shop.get("address", {})
    for k in ("text", "commune", "landmark", "lat", "lng"):
        if k not in addr:
            rep.error(w, f"address.{k} missing")
    hours = shop.get("hours", {})
    for day in DAYS:
        span = hours.get(day, "missing")
        if span is None:
            continue
        if not (isinstance(span, list) and len(span) == 2 and all(hhmm(t) for t in span) and span[0] < span[1]):
            rep.error(w, f"hours.{day} must be null or [open, close] as HH:MM, got {span!r}")
    if not hhmm(hours.get("last_order")) or hours.get("timezone") != "Africa/Abidjan":
        rep.error(w, "hours.last_order (HH:MM) and hours.timezone (Africa/Abidjan) required")
    pickup = shop.get("pickup", {})
    if not isinstance(pickup.get("available"), bool) or not _range(pickup.get("eta_minutes")):
        rep.error(w, "pickup needs available (bool) and eta_minutes [min, max]")

    skus = []
    for p in shop.get("products", []):
        sku = p.get("sku")
        where = f"{w} product {sku}"
        skus.append(sku)
        if set(p) != {"sku", "name", "description", "aliases", "price", "unit", "in_stock"}:
            rep.error(where, f"keys {sorted(p)}")
        if not is_int(p.get("price")) or p["price"] <= 0:
            rep.error(where, "price must be a positive integer")
        if not isinstance(p.get("in_stock"), bool):
            rep.error(where, "in_stock must be a boolean")
        if not p.get("aliases") or len({a.lower() for a in p["aliases"]}) != len(p["aliases"]):
            rep.error(where, "aliases must be non-empty and without duplicates")
    if len(skus) != len(set(skus)):
        rep.error(w, "duplicate sku")
    out = [p["sku"] for p in shop.get("products", []) if p.get("in_stock") is False]
    if not 1 <= len(out) <= 2:
        rep.warn(w, f"{len(out)} products out of stock (the brief asks for 1-2)")

    names, areas = [], {}
    for z in shop.get("delivery_zones", []):
        name = z.get("name")
        names.append(name)
        where = f"{w} zone {name}"
        if set(z) != {"name", "areas", "served", "fee", "vehicle", "eta_minutes", "min_order"}:
            rep.error(where, f"keys {sorted(z)}")
        if z.get("served") is True:
            if not is_int(z.get("fee")) or z["fee"] <= 0 or not is_int(z.get("min_order")) or z["min_order"] < 0:
                rep.error(where, "a served zone needs an integer fee > 0 and min_order >= 0")
            if z.get("vehicle") not in ("moto", "voiture") or not _range(z.get("eta_minutes")):
                rep.error(where, "a served zone needs vehicle moto|voiture and eta_minutes [min, max]")
        elif z.get("served") is False:
            if any(z.get(k) is not None for k in ("fee", "vehicle", "eta_minutes", "min_order")):
                rep.error(where, "an unserved zone has null fee, vehicle, eta_minutes, min_order")
        else:
            rep.error(where, "served must be a boolean")
        for a in z.get("areas", []):
            if normalise(a) in areas:
                rep.error(where, f"area {a!r} also in zone {areas[normalise(a)]}")
            areas[normalise(a)] = name
    if len(names) != len(set(names)) or PICKUP in names:
        rep.error(w, f"zone names must be unique and not {PICKUP!r}")

    codes = [pm.get("code") for pm in shop.get("payment_methods", [])]
    for c in codes:
        if c not in PAYMENT_CODES:
            rep.error(w, f"unknown payment code {c!r}")
    if len(codes) != len(set(codes)):
        rep.error(w, "duplicate payment code")
    if not shop.get("payment_not_accepted"):
        rep.error(w, "payment_not_accepted is empty")
    for i, f in enumerate(shop.get("faq", [])):
        if set(f) != {"question", "answer", "answer_en"}:
            rep.error(w, f"faq[{i}] keys {sorted(f)}")
    if not 5 <= len(shop.get("faq", [])) <= 6:
        rep.warn(w, f"{len(shop.get('faq', []))} FAQ entries (the brief asks for 5-6)")
    h = shop.get("handoff", {})
    if not isinstance(h.get("contact"), str) or not is_int(h.get("large_order_items")):
        rep.error(w, "handoff needs contact (str) and large_order_items (int)")
    if set(shop.get("delivery_notes", {})) != {"fr", "en"}:
        rep.error(w, "delivery_notes needs fr and en")


def _range(r):
    return isinstance(r, list) and len(r) == 2 and all(is_int(x) for x in r) and 0 < r[0] <= r[1]


class Shop:
    def __init__(self, doc):
        self.doc = doc
        self.products = {p["sku"]: p for p in doc["products"]}
        self.zones = {z["name"]: z for z in doc["delivery_zones"]}
        self.accepted = {pm["code"] for pm in doc["payment_methods"]}
        self.threshold = doc["handoff"]["large_order_items"]

    def fee(self, zone):
        return 0 if zone == PICKUP else self.zones[zone]["fee"]

    def eta(self, zone):
        return self.doc["pickup"]["eta_minutes"] if zone == PICKUP else self.zones[zone]["eta_minutes"]

    def served(self, zone):
        return zone == PICKUP or self.zones[zone]["served"]

    def fact_numbers(self):
        nums = {p["price"] for p in self.doc["products"]}
        for z in self.doc["delivery_zones"]:
            if z["served"]:
                nums |= {z["fee"], z["min_order"], *z["eta_minutes"]}
        nums |= set(self.doc["pickup"]["eta_minutes"]) | {self.threshold}
        for f in self.doc["faq"]:
            nums |= {int(n) for n in re.findall(r"\d+", f["answer"])}
        # Telephone numbers, written with or without their spaces.
        for text in [
            self.doc["phone"],
            self.doc["handoff"]["contact"],
            *(pm["note"] for pm in self.doc["payment_methods"]),
        ]:
            nums |= {int(re.sub(r"\D", "", t)) for t in re.findall(r"\+?\d[\d ]{7,}\d", text)}
        return nums


# ------------------------------------------------------------------ messages.jsonl


def check_messages(rows, shop, rep):
    seen = set()
    facts = shop.fact_numbers()
    for m in rows:
        mid = m.get("id", "?")
        w = f"messages {mid}"
        if not re.fullmatch(r"[a-z]{1,4}\d{3,4}", str(mid)) or mid in seen:
            rep.error(w, "id must be a lower-case prefix + 3 or 4 digits, and unique")
        seen.add(mid)
        extra = set(m) - MESSAGE_KEYS - set(FLAGS)
        if extra or MESSAGE_KEYS - set(m):
            rep.error(w, f"unexpected keys {sorted(extra)} / missing {sorted(MESSAGE_KEYS - set(m))}")
            continue
        if m["lang"] not in LANGS:
            rep.error(w, f"lang {m['lang']!r}")
        if m["intent"] not in INTENTS:
            rep.error(w, f"intent {m['intent']!r} is not one of the 14 codes")
        if m["reply_lang"] != ("en" if m["lang"] == "en" else "fr"):
            rep.error(w, "reply_lang must be en for en and fr for fr and nouchi")
        if not isinstance(m["text"], str) or not m["text"].strip():
            rep.error(w, "empty text")
        elif m["lang"] == "nouchi":
            words = f" {re.sub(r'[^a-z0-9 ]', ' ', normalise(m['text']))} "
            if not any(f" {k} " in words for k in NOUCHI_MARKERS):
                rep.warn(w, "nouchi message without a usual nouchi marker")
        for f in FLAGS:
            if f in m and m[f] is not True:
                rep.error(w, f"flag {f} must be true when present (omit it otherwise)")
        for k in ("must_mention", "must_not"):
            if not isinstance(m[k], list) or not all(isinstance(s, str) and variants(s) for s in m[k]):
                rep.error(w, f"{k} must be a list of non-empty strings")
        for item in m["must_not"]:
            if "|" in item:
                rep.error(w, f"must_not item {item!r}: alternatives are for must_mention only")
        if check_entities(m, shop, rep, w):
            check_semantics(m, shop, facts, rep, w)
        check_conflicts(m, rep, w)


def check_entities(m, shop, rep, w):
    """Reports bad references; True when the entities are sound enough for the semantic checks."""
    before = len(rep.errors)
    ent = m["entities"]
    if not isinstance(ent, dict) or set(ent) - ENTITY_KEYS:
        rep.error(w, f"entities keys must be among {sorted(ENTITY_KEYS)}")
        return False
    pids = ent.get("product_ids", [])
    for p in pids:
        if p not in shop.products:
            rep.error(w, f"unknown product id {p!r}")
    if "product_ids" in ent and not pids:
        rep.error(w, "omit product_ids rather than leaving it empty")
    if "quantities" in ent:
        q = ent["quantities"]
        if len(q) != len(pids) or not all(x is None or (is_int(x) and x > 0) for x in q):
            rep.error(w, "quantities must be parallel to product_ids (positive integers or null)")
    if "zone" in ent and ent["zone"] != PICKUP and ent["zone"] not in shop.zones:
        rep.error(w, f"unknown zone {ent['zone']!r}")
    if "payment" in ent and ent["payment"] not in PAYMENT_CODES:
        rep.error(w, f"unknown payment code {ent['payment']!r}")
    return len(rep.errors) == before and m["intent"] in INTENTS


def _lines(m):
    """[(sku, qty)] when every product has an integer quantity, else None."""
    ent = m["entities"]
    pids, qs = ent.get("product_ids", []), ent.get("quantities")
    if not pids or not qs or any(q is None for q in qs):
        return None
    return list(zip(pids, qs, strict=False))


def check_semantics(m, shop, facts, rep, w):
    ent, intent = m["entities"], m["intent"]
    pids = ent.get("product_ids", [])
    zone = ent.get("zone")
    lines = _lines(m)
    mm_nums = pure_numbers(m["must_mention"])

    # Flags against the shop document.
    if intent in ("complaint", "human") and not m.get("handoff"):
        rep.error(w, f"intent {intent} requires handoff")
    large = lines is not None and sum(q for _, q in lines) >= shop.threshold
    if m.get("handoff") and intent not in ("complaint", "human") and not large:
        rep.error(w, "handoff on a message that is neither complaint/human nor a large order")
    if large and not m.get("handoff"):
        rep.error(w, f"order of at least {shop.threshold} items must hand off")
    if m.get("clarify"):
        if len(pids) < 2:
            rep.error(w, "clarify needs at least two candidate product_ids")
        else:
            # The ambiguous word must be an alias of at least two of the candidates.
            aliases = Counter(a for p in pids for a in {normalise(x) for x in shop.products[p]["aliases"]})
            if max(aliases.values(), default=0) < 2:
                rep.error(w, "clarify candidates share no alias in business.json")
    oos = [p for p in pids if p in shop.products and not shop.products[p]["in_stock"]]
    if m.get("out_of_stock") and not oos:
        rep.error(w, "out_of_stock but no out-of-stock product in product_ids")
    if oos and not m.get("out_of_stock") and intent != "faq":
        rep.error(w, f"{oos} out of stock but the flag is missing")
    unserved = zone not in (None, PICKUP) and zone in shop.zones and not shop.zones[zone]["served"]
    if m.get("not_served") != (True if unserved else None):
        rep.error(w, "not_served must be set exactly when entities.zone is an unserved zone")
    if m.get("not_in_catalogue") and intent not in ("availability", "price", "order"):
        rep.warn(w, "not_in_catalogue on an unusual intent")

    # Every whole number in must_mention must be a fact of the shop or derived from this message.
    derived = set()
    if lines:
        sub = sum(shop.products[p]["price"] * q for p, q in lines)
        derived |= {sub} | {shop.products[p]["price"] * q for p, q in lines}
        if zone == PICKUP or (zone in shop.zones and shop.zones[zone]["served"]):
            derived.add(sub + shop.fee(zone))
    for n in mm_nums - facts - derived:
        rep.error(w, f"must_mention number {n} is neither a shop fact nor derived from the message")

    # Intent-specific expectations (what a correct answer must state).
    flagged = any(m.get(f) for f in ("clarify", "out_of_stock", "not_served", "not_in_catalogue", "handoff"))
    if intent == "price" and not flagged:
        if lines and len(lines) == len(pids):
            need = {sum(shop.products[p]["price"] * q for p, q in lines)}
        else:
            need = {shop.products[p]["price"] for p in pids}
        if not need <= mm_nums:
            rep.error(w, f"price answer must mention {sorted(need)}")
    if intent == "order" and not flagged and lines and zone and "payment" in ent:
        sub = sum(shop.products[p]["price"] * q for p, q in lines)
        if zone != PICKUP and sub < shop.zones[zone]["min_order"]:
            rep.warn(w, f"subtotal {sub} below the minimum of {zone}")
        if sub + shop.fee(zone) not in mm_nums:
            rep.error(w, f"complete order must mention the total {sub + shop.fee(zone)}")
        if ent["payment"] not in shop.accepted:
            rep.error(w, "complete order with a payment method the shop does not accept")
    if intent == "delivery_zone_fee" and zone and not unserved:
        z = shop.zones.get(zone)
        need = {z["fee"]} | ({z["min_order"]} if z["min_order"] else set())
        if not need <= mm_nums:
            rep.error(w, f"fee answer for {zone} must mention {sorted(need)}")
    if intent == "delivery_time" and zone and not unserved:
        for bound in shop.eta(zone):
            if bound not in mm_nums:
                rep.error(w, f"delivery time for {zone} must mention {bound} (as a whole variant)")
    if intent == "payment" and ent.get("payment") and ent["payment"] not in shop.accepted:
        accepted_words = {
            normalise(word) for pm in shop.doc["payment_methods"] for word in [pm["name"], *pm["aliases"]]
        }
        if not any(normalise(v) in accepted_words for item in m["must_mention"] for v in variants(item)):
            rep.error(w, "a refused payment method must point to an accepted one")


def check_conflicts(m, rep, w):
    """must_not must never match what must_mention asks for."""
    mm, mn = m["must_mention"], m["must_not"]
    ideal = " ; ".join(variants(i)[0] for i in mm)
    missing, present = text_failures(m, ideal)
    if missing:
        rep.error(w, f"must_mention not satisfied by its own first variants: {missing}")
    if present:
        rep.error(w, f"must_not {present} matches the must_mention text {ideal!r}")
    for item in mm:
        for v in variants(item):
            for bad in mn:
                if item_matches(bad, v):
                    rep.error(w, f"must_not {bad!r} matches must_mention variant {v!r}")


# ------------------------------------------------------------------ dialogues.jsonl


def check_dialogues(rows, shop, rep):
    seen = set()
    for d in rows:
        did = d.get("id", "?")
        w = f"dialogues {did}"
        if not re.fullmatch(r"[a-z]{1,4}d\d{2,3}", str(did)) or did in seen:
            rep.error(w, "id must be a lower-case prefix + d + 2 or 3 digits, and unique")
        seen.add(did)
        if set(d) != DIALOGUE_KEYS:
            rep.error(w, f"keys {sorted(d)}")
            continue
        if d["lang"] not in LANGS or d["reply_lang"] != ("en" if d["lang"] == "en" else "fr"):
            rep.error(w, "lang / reply_lang")
        if not d["turns"] or not all(isinstance(t, str) and t.strip() for t in d["turns"]):
            rep.error(w, "turns must be non-empty strings")
        if not isinstance(d["notes"], str) or not d["notes"].strip():
            rep.error(w, "notes missing")
        o = d["expected_order"]
        if o is None:
            continue
        if set(o) != ORDER_KEYS:
            rep.error(w, f"expected_order keys {sorted(o)}")
            continue
        skus = [i.get("product_id") for i in o["items"]]
        if not skus or len(skus) != len(set(skus)):
            rep.error(w, "items must be non-empty with one line per product")
        subtotal, count = 0, 0
        for it in o["items"]:
            p = shop.products.get(it.get("product_id"))
            q = it.get("quantity")
            if set(it) != {"product_id", "quantity"} or p is None or not is_int(q) or q <= 0:
                rep.error(w, f"bad item {it}")
                continue
            if not p["in_stock"]:
                rep.error(w, f"{p['sku']} is out of stock and cannot be ordered")
            subtotal += p["price"] * q
            count += q
        zone = o["zone"]
        if zone != PICKUP and zone not in shop.zones:
            rep.error(w, f"unknown zone {zone!r}")
            continue
        if not shop.served(zone):
            rep.error(w, f"zone {zone} is not served")
            continue
        if o["subtotal"] != subtotal:
            rep.error(w, f"subtotal {o['subtotal']} != sum of price x quantity {subtotal}")
        if o["delivery_fee"] != shop.fee(zone):
            rep.error(w, f"delivery_fee {o['delivery_fee']} != fee of {zone} ({shop.fee(zone)})")
        if o["total"] != o["subtotal"] + o["delivery_fee"]:
            rep.error(w, f"total {o['total']} != subtotal + delivery_fee")
        if zone != PICKUP and subtotal < shop.zones[zone]["min_order"]:
            rep.error(w, f"subtotal {subtotal} below the {zone} minimum {shop.zones[zone]['min_order']}")
        if count >= shop.threshold:
            rep.error(w, f"{count} items would hand off; expected_order must be null")
        if o["payment"] not in shop.accepted:
            rep.error(w, f"payment {o['payment']!r} not accepted by the shop")


# ------------------------------------------------------------------ main


def main(argv):
    roots = [Path(a) for a in argv[1:]] or [Path(__file__).resolve().parent]
    folders = []
    for root in roots:
        if (root / "business.json").exists():
            folders.append(root)
        else:
            folders.extend(sorted(p.parent for p in root.glob("*/business.json")))
    if not folders:
        print("no business folder found")
        return 1
    failed = []
    for folder in folders:
        print(f"== {folder}")
        if check_folder(folder):
            failed.append(folder.name)
    print(
        f"{len(folders)} business(es) checked, {len(failed)} with errors" + (f": {', '.join(failed)}" if failed else "")
    )
    return 1 if failed else 0


def check_folder(base):
    _selftest()
    rep = Report()
    shop_doc = json.loads((base / "business.json").read_text(encoding="utf-8"))
    check_business(shop_doc, rep)
    if rep.errors:
        print("\n".join("ERROR " + e for e in rep.errors))
        return 1
    shop = Shop(shop_doc)
    messages = load_jsonl(base / "messages.jsonl", rep)
    dialogues = load_jsonl(base / "dialogues.jsonl", rep)
    check_messages(messages, shop, rep)
    check_dialogues(dialogues, shop, rep)

    by_lang = Counter(m.get("lang") for m in messages)
    by_intent = Counter(m.get("intent") for m in messages)
    for intent in INTENTS:
        if by_intent[intent] < MIN_PER_INTENT:
            rep.error("messages", f"intent {intent} has {by_intent[intent]} messages (< {MIN_PER_INTENT})")
    flags = Counter(f for m in messages for f in FLAGS if m.get(f))

    print(
        f"business.json: {len(shop.products)} products "
        f"({sum(not p['in_stock'] for p in shop.products.values())} out of stock), "
        f"{len(shop.zones)} zones ({sum(not z['served'] for z in shop.zones.values())} not served), "
        f"{len(shop_doc['faq'])} FAQ entries"
    )
    print(f"messages.jsonl: {len(messages)} messages; by language: " + ", ".join(f"{k} {by_lang[k]}" for k in LANGS))
    print("  by intent: " + ", ".join(f"{k} {by_intent[k]}" for k in INTENTS))
    print(
        "  by intent x language: "
        + "; ".join(
            f"{k} "
            + "/".join(str(sum(1 for m in messages if m.get("intent") == k and m.get("lang") == lg)) for lg in LANGS)
            for k in INTENTS
        )
        + "  (fr/en/nouchi)"
    )
    print("  flags: " + ", ".join(f"{f} {flags[f]}" for f in FLAGS))
    orders = [d["expected_order"] for d in dialogues if isinstance(d, dict) and d.get("expected_order")]
    print(
        f"dialogues.jsonl: {len(dialogues)} dialogues ({len(orders)} with an order, "
        f"{len(dialogues) - len(orders)} without); by language: "
        + ", ".join(f"{k} {sum(1 for d in dialogues if d.get('lang') == k)}" for k in LANGS)
    )
    print(
        "  payments: "
        + ", ".join(f"{k} {v}" for k, v in sorted(Counter(o["payment"] for o in orders).items()))
        + "; zones: "
        + ", ".join(f"{k} {v}" for k, v in sorted(Counter(o["zone"] for o in orders).items()))
    )
    for warning in rep.warnings:
        print("WARNING " + warning)
    for error in rep.errors:
        print("ERROR " + error)
    print("OK" if not rep.errors else f"{len(rep.errors)} error(s)")
    return 1 if rep.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
