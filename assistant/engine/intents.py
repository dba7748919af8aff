"""Stage 4: intent — one of the 14 codes, by cue scoring over the normalised words and the entities.

Cues are general French / English / nouchi expressions (after the normaliser rewrote SMS spellings
and slang); the shop's vocabulary arrives through the entities. A few rules order the cues: a
complaint beats a request for a person, which beats everything else; an explicit order beats a
price question only when the customer also says where or how they pay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .entities import Entities
from .knowledge import Knowledge, concepts_of
from .lexicon import EN_WORDS, FR_WORDS, FUNCTION_WORDS
from .text import Normalised, find_phrase, fold, stem

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

COMPLAINT = (
    "rembourse moi",
    "remboursez",
    "etre rembourse",
    "veux un remboursement",
    "je veux mon argent",
    "casse",
    "casses",
    "cassee",
    "cassees",
    "abime",
    "abimes",
    "abimee",
    "pourri",
    "pourrie",
    "perime",
    "pas content",
    "pas contente",
    "pas satisfait",
    "pas serieux",
    "c est quoi ce service",
    "nul",
    "honte",
    "arnaque",
    "arnaquer",
    "arnaqueur",
    "voleur",
    "voleurs",
    "escroc",
    "escrocs",
    "malhonnete",
    "naif",
    "mal parle",
    "mal parler",
    "impoli",
    "insolent",
    "j attends",
    "on attend",
    "toujours pas",
    "toujours rien",
    "jamais arrive",
    "jamais recu",
    "pas recu",
    "rien recu",
    "n est pas arrive",
    "pas encore arrive",
    "en retard",
    "retard",
    "il manque",
    "cailloux",
    "moitie vide",
    "pas complet",
    "mauvais",
    "mauvaise",
    "degoute",
    "degoutant",
    "plainte",
    "reclamation",
    "pas la monnaie",
    "furieux",
    "fache",
    "enerve",
    "inadmissible",
    "inacceptable",
    "n importe quoi",
    "pas normal",
    "not happy",
    "unhappy",
    "worst",
    "terrible",
    "awful",
    "never showed",
    "never arrived",
    "never came",
    "not arrived",
    "nobody answers",
    "no one answers",
    "missing",
    "broken",
    "damaged",
    "rotten",
    "expired",
    "complain",
    "complaint",
    "scam",
    "scammer",
    "scammers",
    "thief",
    "thieves",
    "crook",
    "crooks",
    "scammed",
    "cheat",
    "stopped working",
    "ne marche plus",
    "ne fonctionne plus",
    "ne s allume plus",
    "ne charge plus",
    "doesn t work",
    "does not work",
    "not working",
    "en panne",
    "defectueux",
    "defectueuse",
    "faulty",
    "cheated",
    "rude",
    "still waiting",
    "still not",
    "wrong order",
    "wrong item",
    "disappointed",
    "not received",
    "didn t receive",
    "did not receive",
    "not fresh",
    "angry",
    "furious",
    "upset",
    "annoyed",
    "is fake",
    "was fake",
    "c est faux",
    "contrefait",
    "allergie",
    "brule",
    "brulure",
    "never delivered",
    "never got",
    "never received",
    "money back",
    "not delivered",
    "pas ete livre",
    "jamais ete livre",
    "jamais livre",
    "rassis",
    "stale",
    "m avez coupe",
    "trop traine",
    "ca traine",
    "trop long",
    "trop de temps",
    "took too long",
    "too slow",
    "nuls",
    "nulle",
    "nulles",
    "incompetent",
    "incompetents",
    "useless",
    "pas frais",
    "pas cuit",
    "mal cuit",
    "honteux",
    "honteuse",
    "immangeable",
    "dechire",
    "dechiree",
    "dechirer",
    "decu",
    "decue",
    "decus",
    "tache",
    "taches",
    "troue",
    "que j ai recu",
    "que j ai recue",
    "torn",
    "ripped",
    "stained",
    "wrong size",
    "pas la bonne taille",
    "pas le bon",
    "pas la bonne",
    "not the one",
    "wrong colour",
    "wrong color",
    "undercooked",
    "inedible",
    "que vous m avez",
    "vous m avez livre",
    "vous m avez vendu",
    "vous m avez envoye",
    "you sent me",
    "you delivered",
    "you sold me",
    "m avez arnaque",
    "m a arnaque",
    "m ont arnaque",
    "connard",
    "connards",
    "imbecile",
    "idiot",
    "idiots",
    "salaud",
    "merde",
    "stupide",
    "stupid",
    "fuck",
    "bastard",
    "batard",
    "batards",
    "menteur",
    "menteurs",
    "liar",
    "liars",
    "il manquait",
    "want a refund",
    "refund me",
    "is late",
    "are late",
    "too late",
    "servi froid",
    "etait froid",
    "est froid",
    "was cold",
    "is cold",
    "personne ne repond",
    "vous ne repondez pas",
    "ne repondez pas",
    "ne repond pas",
    "pas de reponse",
    "no reply",
    "no response",
    "nobody replies",
    "no one replies",
)
PAYMENT_PROBLEM = (
    ("paye", "mais"),
    ("envoye l argent", "mais"),
    ("fait wave", "mais"),
    ("paid", "but"),
    ("sent the money", "but"),
    ("j ai commande", "pas"),
    ("j ai commande", "toujours"),
    ("j ai commande", "jamais"),
    ("ma commande", "toujours pas"),
    ("ma commande", "jamais"),
    ("ma commande", "pas arrive"),
    ("i ordered", "never"),
    ("i ordered", "not"),
    ("i ordered", "still"),
    ("my order", "never"),
    ("my order", "not"),
    ("my order", "still"),
    ("my order", "wrong"),
    ("paye", "pas"),
    ("paye", "toujours"),
    ("paye", "rien"),
    ("fait", "rien recu"),
    ("envoye", "pas recu"),
    ("paid", "not"),
    ("paid", "no"),
    ("paid", "nothing"),
)
# Words around a bare title that still leave it a request: "le gérant svp", "your manager please".
POLITE = frozenset(
    {"s", "il", "vous", "te", "plait", "svp", "stp", "please", "pls", "moi", "me", "the", "your", "votre", "ton"}
)
# Titles name a person but are also ways of addressing one ("Bonjour patron"): they count with a request.
ROLES = (
    "gerant",
    "gerante",
    "responsable",
    "patron",
    "patronne",
    "proprietaire",
    "directeur",
    "directrice",
    "manager",
    "owner",
    "vendeuse",
    "vendeur",
    "boss",
)
ROLE_REQUEST = (
    "numero",
    "contact",
    "voir",
    "passe",
    "passez",
    "passer",
    "dire",
    "joindre",
    "veux",
    "voudrais",
    "want",
    "need",
    "get",
    "give",
    "where is",
    "ou est",
    "est la",
    "is there",
    "est ce que je peux",
    "peux avoir",
    "can i",
    "appel",
    "call",
    "vrai",
    "real",
    "directement",
    "directly",
)
HUMAN = (
    "parler a",
    "parler au",
    "parler avec",
    "vraie personne",
    "vrai personne",
    "personne reelle",
    "un humain",
    "humain",
    "robot",
    "machine",
    "bot",
    "numero de la",
    "numero du",
    "appelez moi",
    "appeler",
    "m appeler",
    "rappeler",
    "rappelez",
    "vrai boss",
    "au boss",
    "talk to",
    "speak to",
    "speak with",
    "talk with",
    "real person",
    "human",
    "someone",
    "call me",
    "agent",
    "quelqu un de la boutique",
    "quelqu un d autre",
)
GREETING = (
    "bonjour",
    "bonsoir",
    "salut",
    "coucou",
    "hello",
    "hi",
    "hey",
    "morning",
    "evening",
    "afternoon",
    "bonne matinee",
    "allo",
    "yo",
    "good morning",
    "good evening",
    "good afternoon",
    "hi there",
    "y a quelqu un",
    "il y a quelqu un",
    "quelqu un",
    "bonne arrivee",
    "akwaba",
    "bienvenue",
    "c est bien vous",
    "salam",
)
THANKS = (
    "merci",
    "thanks",
    "thank",
    "bye",
    "goodbye",
    "au revoir",
    "a demain",
    "a plus",
    "a bientot",
    "bonne journee",
    "bonne soiree",
    "bonne nuit",
    "see you",
    "take care",
    "cool",
    "super",
    "parfait",
    "tout va bien",
    "d accord",
    "ok",
    "c est bon",
    "c est note",
    "great",
    "ca marche",
    "ca va",
    "good night",
    "have a nice",
)
DISCOUNT = (
    "diminuer",
    "diminue",
    "remise",
    "rabais",
    "negocier",
    "negociable",
    "dernier prix",
    "last price",
    "discount",
    "reduction",
    "faire un effort",
    "fais un effort",
    "faites un effort",
    "baisser",
    "baisse",
    "promo",
    "promotion",
    "cheaper",
    "moins cher pour",
    "c est cher",
    "too expensive",
    "trop cher",
    "faire un prix",
    "fais un prix",
    "faites un prix",
    "fais moi un prix",
    "faites moi un prix",
    "petit prix",
    "best price",
    "good price",
)
PRICE = (
    "diminuer",
    "diminue",
    "remise",
    "rabais",
    "negocier",
    "negociable",
    "dernier prix",
    "last price",
    "faire un effort",
    "fais un effort",
    "faites un effort",
    "baisser",
    "baisse",
    "combien",
    "prix",
    "coute",
    "coutent",
    "cout",
    "tarif",
    "tarifs",
    "how much",
    "price",
    "prices",
    "cost",
    "costs",
    "c est a combien",
    "ca fait",
    "argent",
    "mille francs",
    "cher",
    "moins cher",
    "reduction",
    "promo",
    "promotion",
    "discount",
    "cheaper",
)
ORDER_VERBS = (
    "je veux",
    "je voudrais",
    "j aimerais",
    "il me faut",
    "faut m envoyer",
    "faut me",
    "mets moi",
    "met moi",
    "mettez moi",
    "mets",
    "mettez",
    "met",
    "envoie moi",
    "envoyez moi",
    "envoie",
    "envoyez",
    "livrez moi",
    "livre moi",
    "apporte moi",
    "apportez moi",
    "donne moi",
    "donnez moi",
    "commander",
    "je commande",
    "je prends",
    "je prend",
    "je vais prendre",
    "on prend",
    "ajoute",
    "ajoutez",
    "rajoute",
    "rajoutez",
    "garde moi",
    "gardez moi",
    "reserve moi",
    "reservez moi",
    "de cote",
    "i want",
    "i d like",
    "i would like",
    "i need",
    "i ll take",
    "i will take",
    "give me",
    "send me",
    "get me",
    "deliver",
    "order",
    "add",
    "can i get",
    "can i have",
    "i ll have",
    "we want",
    "nous voulons",
    "on veut",
    "je veux commander",
    "prepare moi",
    "preparez moi",
    "plutot",
    "a la place",
    "instead",
)
AVAILABILITY = (
    "vous avez",
    "avez vous",
    "tu as",
    "as tu",
    "t as",
    "y a",
    "il y a",
    "dispo",
    "disponible",
    "en stock",
    "est la",
    "sont la",
    "vous vendez",
    "vendez vous",
    "tu vends",
    "vous faites",
    "on trouve",
    "reste",
    "do you have",
    "do you sell",
    "have you got",
    "you sell",
    "available",
    "in stock",
    "do you serve",
    "do you make",
    "vous servez",
    "servez vous",
    "is there",
    "are there",
    "got any",
    "any left",
)
DELIVERY = (
    "livraison",
    "livrer",
    "livrez",
    "livre",
    "livres",
    "livrees",
    "livree",
    "livrent",
    "livreur",
    "envoyer",
    "envoyez",
    "envoie",
    "expedier",
    "expedition",
    "deliver",
    "delivery",
    "delivering",
    "shipping",
    "ship",
    "send",
    "frais de livraison",
    "fee",
    "fees",
    "charge",
    "transport",
    "deplacement",
)
TIME = (
    "combien de temps",
    "en combien de temps",
    "combien de minutes",
    "combien d heures",
    "delai",
    "delais",
    "met combien",
    "prend combien",
    "ca prend",
    "ca met",
    "arrive dans",
    "arriver",
    "arrive en",
    "vite",
    "rapidement",
    "rapide",
    "how long",
    "how soon",
    "how fast",
    "when will",
    "how many minutes",
    "how many hours",
    "how quickly",
    "pret en",
    "prete en",
    "ready",
    "quand est ce que ca arrive",
    "dans combien",
    "va venir",
    "venir",
    "get here",
    "arrive",
)
HOURS = (
    "quelle heure",
    "a quelle heure",
    "horaire",
    "horaires",
    "ouvert",
    "ouverts",
    "ouverte",
    "ouvrez",
    "ouvre",
    "ouverture",
    "fermez",
    "ferme",
    "fermes",
    "fermeture",
    "jusqu a quelle heure",
    "heures d ouverture",
    "opening",
    "open",
    "close",
    "closing",
    "closed",
    "hours",
    "what time",
    "vous etes la",
    "etes vous la",
    "you open",
    "aujourd hui ouvert",
)
DAYS = (
    "lundi",
    "mardi",
    "mercredi",
    "jeudi",
    "vendredi",
    "samedi",
    "dimanche",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "weekend",
    "week end",
    "semaine",
    "weekdays",
    "ferie",
)
LOCATION = (
    "adresse",
    "address",
    "situe",
    "situes",
    "situee",
    "localisation",
    "localise",
    "location",
    "located",
    "where",
    "repere",
    "reperer",
    "trouver la boutique",
    "trouver le magasin",
    "vous trouver",
    "c est ou",
    "est ou",
    "etes ou",
    "vers ou",
    "ou exactement",
    "ou se trouve",
    "ou est",
    "ou etes",
    "plan",
    "gps",
    "position",
    "pin",
    "itineraire",
    "map",
    "maps",
    "directions",
    "how to find",
    "find you",
)
PAYMENT = (
    "payer",
    "paye",
    "payez",
    "paie",
    "paiement",
    "payement",
    "regler",
    "reglement",
    "pay",
    "payment",
    "paying",
    "accepte",
    "acceptez",
    "acceptes",
    "prenez",
    "prends",
    "accept",
    "take",
    "numero",
    "number",
    "mobile money",
    "transfert",
    "transfer",
)
# Paying later or in parts: "vous faites crédit ?", "je paie à la fin du mois", "can I pay later?".
# Not "je paie à la livraison" (cash on delivery is a method).
_DEFERRED = re.compile(
    r"\b(faites|faire|fais|fait|donnez|donne|accordez|accorde)( moi| nous| me| m| lui)? credit\b"
    r"|\b(vendez a|vends a|acheter a|prendre a|a|en|sur) credit\b"
    r"|\bcredit (possible|svp|stp)\b"
    r"|\b(payer|paye|paie|payerai|regler|regle|solder|pay) (le reste |la suite |tout )?(plus tard|demain|apres demain"
    r"|la semaine prochaine|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|a la fin du mois|en fin de mois"
    r"|fin du mois|fin mois|later|tomorrow|next week|at the end of the month)\b"
    r"|\b(fin du mois|fin de mois|fin mois) (je paie|je paye|je vais payer|je regle)\b"
    r"|\b(en|par) (deux|2|trois|3|plusieurs) (fois|tranches|versements)\b|\bpar tranches?\b"
    r"|\b(on credit|buy now pay later|in (two|2|three|3|several) (installments|instalments|payments)"
    r"|installments?|instalments?|payment plan)\b"
)
OFF_TOPIC = (
    "match",
    "foot",
    "football",
    "meteo",
    "pleuvoir",
    "pluie",
    "weather",
    "rain",
    "blague",
    "joke",
    "devoir",
    "devoirs",
    "homework",
    "maths",
    "math",
    "lettre de motivation",
    "cv",
    "taux de change",
    "exchange rate",
    "president",
    "election",
    "politique",
    "politics",
    "film",
    "movie",
    "chanson",
    "song",
    "musique",
    "can 20",
    "coupe du monde",
    "world cup",
    "qui va gagner",
    "who will win",
    "qui a gagne",
    "who won",
    "tu connais un",
    "tu connais une",
    "recommande moi un",
    "histoire",
    "story",
    "poeme",
    "poem",
    "bitcoin",
    "horoscope",
    "amour",
    "love",
    "traduire",
    "translate",
    "capitale",
    "capital of",
)
NEGATIVE = (
    "non",
    "no",
    "nope",
    "laisse tomber",
    "laissez tomber",
    "annule",
    "annuler",
    "annulez",
    "cancel",
    "pas la peine",
    "oublie",
    "oubliez",
    "forget it",
    "never mind",
    "nevermind",
    "une autre fois",
    "another time",
    "pas besoin",
    "pas interesse",
    "not interested",
    "je ne vais pas",
    "non merci",
)
AFFIRM = (
    "oui",
    "yes",
    "yeah",
    "yep",
    "ouais",
    "je confirme",
    "confirme",
    "confirmer",
    "confirmez",
    "confirm",
    "confirmed",
    "ok",
    "c est bon",
    "d accord",
    "valide",
    "valider",
    "validez",
    "je valide",
    "on valide",
    "c est valide",
    "go ahead",
    "go",
    "parfait",
    "vas y",
    "allez y",
    "ca marche",
    "sure",
    "correct",
    "c est ca",
    "exactement",
    "bien sur",
    "alright",
    "that s right",
    "right",
    "please do",
    "good",
)


# Damage words alone may be a question about a service ("mon écran est cassé, vous réparez ?").
COMPLAINT_WEAK = ("casse", "casses", "cassee", "cassees", "abime", "abimes", "abimee", "broken", "damaged")


CONTACT = (
    "numero de telephone",
    "votre numero",
    "ton numero",
    "votre contact",
    "vous joindre",
    "vous appeler",
    "phone number",
    "your number",
    "call you",
    "contact number",
    "numero de la boutique",
    "numero du magasin",
)
_CLOCK = re.compile(r"\b\d{1,2} ?(h|pm|am|heures?)\b")
# "ça fait 1h", "depuis 2 heures", "le livreur est où": a customer left waiting.
_WAITING = re.compile(
    r"\b(ca fait|depuis) (\d+|une|deux|trois) ?(h|heures?|min|minutes?|jours?)\b"
    r"|\b(le livreur est ou|ou est le livreur|ou est ma commande|ma commande est ou|where is my order"
    r"|where is the delivery|ca fait longtemps|depuis longtemps)\b"
)
# "ma commande n'est toujours pas arrivée", "I still haven't received my order": a late order.
_NOT_ARRIVED = re.compile(
    r"\b(ma|la|notre|mon|ma petite) (commande|livraison|colis)( la)? (n est |n a )?(toujours |encore )?pas"
    r"( encore| toujours)? (arrive|arrivee|venu|venue|la|recu|recue|livre|livree)\b"
    r"|\bj (ai|ai toujours|ai encore) (pas|rien) (encore |toujours )?recu\b"
    r"|\b(my|the) (order|delivery|package) (has not|hasn t|hasnt|didn t|did not|still hasn t|is not here|isn t here)"
    r"|\b(haven t|have not|havent|still not|never) (received|got|gotten) (my|the) (order|delivery|package)"
    r"|\bstill waiting for (my|the) (order|delivery)"
)
# Things only a person can do for an order already placed: cancel it, reach its driver.
_PLACED_ORDER_ACTION = re.compile(
    r"\b(annuler|annule|annulez|annulle|cancel|cancelled)\b.{0,20}\b(ma|la|mon|notre|my|the|our) (commande|order)\b"
    r"|\b(livreur|livreuse|delivery (man|guy|boy)|driver|rider)\b.{0,40}"
    r"\b(appel\w*|rappel\w*|joindre|joint|numero|injoignable|call\w*|number|reach\w*|phone\w*)\b"
)
# "où en est ma commande ?", "ma commande arrive quand ?", "any update on my order?": its status.
ORDER_STATUS = re.compile(
    r"\bou en est (ma|la|notre|mon) (commande|livraison|colis)"
    r"|\b(ma|la|notre|mon) (commande|livraison|colis) (arrive|arrivera|sera la|vient|va arriver|c est pour) quand"
    r"|\b(c est pour quand|quand (est ce que |est ce qu )?(arrive|arrivera|va arriver|vient|sera la)) (ma|la|notre|mon)"
    r" (commande|livraison|colis)"
    r"|\b(ma|la|notre|mon) (commande|livraison|colis) (c est|on dit|ca dit|ca va|en est) (comment|ou)"
    # "ma commande c'est comment ?" / "ma commande on dit quoi ?": the glossary reads the nouchi as "salut"
    r"|\b(ma|notre|mon) (commande|livraison|colis) (la )?salut\b"
    r"|\b(des |une )?nouvelles? de (ma|la|notre|mon) (commande|livraison|colis)"
    r"|\b(status|update|news) (of|on|about) (my|the) (order|delivery)|\bmy order status"
    r"|\bwhen (will|does|is) my (order|delivery) (arrive|come|coming|get here|be delivered|be here)"
    r"|\bwhere (are we|is it) with my order|\bis my order (on its way|coming|ready|out)"
)
STRONG_LOCATION = (
    "adresse",
    "address",
    "situe",
    "situes",
    "situee",
    "localisation",
    "located",
    "repere",
    "gps",
    "itineraire",
    "where is your shop",
    "where is the shop",
    "where are you",
    "c est ou votre",
    "trouver la boutique",
    "vous trouver",
    "find you",
    "location pin",
    "votre boutique",
    "your shop",
    "your store",
)
CATALOGUE = (
    "moins cher",
    "pas cher",
    "cheapest",
    "cheap",
    "petit prix",
    "abordable",
    "affordable",
    "je cherche",
    "looking for",
    "qu est ce que tu as",
    "tu as quoi",
    "recommande",
    "conseille",
    "recommend",
    "suggest",
    "menu",
    "catalogue",
    "qu est ce que vous avez",
    "vous avez quoi",
    "y a quoi",
    "il y a quoi",
    "vous vendez quoi",
    "what do you have",
    "what do you sell",
    "what s available",
    "what is available",
    "liste des produits",
    "what products",
    "tous vos",
    "everything you have",
    "la carte du",
    "quels produits",
    "qu est ce que vous vendez",
    "what can i order",
    "qu est ce qu il y a",
)


def any_phrase(words: list[str], cues) -> bool:
    joined = f" {' '.join(words)} "
    return any(f" {c} " in joined for c in cues)


def first_phrase(words: list[str], cues) -> int:
    positions = [find_phrase(words, c) for c in cues]
    positions = [p for p in positions if p >= 0]
    return min(positions) if positions else -1


@dataclass
class Understanding:
    intent: str
    discount: bool = False  # "tu peux diminuer ?": the assistant cannot change a price
    faq_index: int | None = None
    unknown: str | None = None  # what the customer asked for that the shop does not sell
    affirm: bool = False
    negative: bool = False
    greeting: bool = False
    thanks: bool = False
    catalogue: bool = False  # "c'est quoi votre menu ?": the list of what the shop sells
    order_status: bool = False  # "où en est ma commande ?": the customer's own order, not the shop's ETAs
    deferred: bool = False  # "vous faites crédit ?", "je peux payer demain ?": paying later, not a method
    # The closest FAQ entry whatever the intent, its score and whether a word of its question is in the
    # message: signals for the learned model (assistant/engine/model.py), which may choose "faq" itself.
    faq_best: int | None = None
    faq_score: float = 0.0
    faq_hit: bool = False
    rules_intent: str = ""  # the rule cascade's own answer, kept when the model decides otherwise
    confidence: float = 1.0  # the model's probability of ``intent`` (1.0 for the rules alone)


# Words too common to link a message to an FAQ entry (function words, greetings, the shop's generic verbs).
FAQ_STOP = FUNCTION_WORDS | {
    "je",
    "meme",
    "tu",
    "il",
    "elle",
    "nous",
    "vous",
    "on",
    "est",
    "sont",
    "etes",
    "c",
    "ce",
    "ca",
    "que",
    "qui",
    "quoi",
    "pas",
    "ne",
    "n",
    "y",
    "si",
    "oui",
    "non",
    "bonjour",
    "bonsoir",
    "salut",
    "merci",
    "svp",
    "plait",
    "peux",
    "peut",
    "pouvez",
    "faire",
    "fait",
    "faites",
    "avez",
    "avoir",
    "ai",
    "veux",
    "voudrais",
    "ami",
    "monsieur",
    "madame",
    "i",
    "you",
    "we",
    "is",
    "are",
    "do",
    "does",
    "can",
    "could",
    "would",
    "will",
    "the",
    "it",
    "this",
    "that",
    "there",
    "what",
    "how",
    "hello",
    "hi",
    "please",
    "thanks",
    "have",
    "has",
    "my",
    "your",
    "our",
    "be",
    "quel",
    "quelle",
    "quels",
    "comment",
    "combien",
    "s",
    "faut",
    "vos",
    "votre",
    "produit",
    "produits",
    "product",
    "products",
    "ici",
    "here",
    "bien",
    "tout",
    "tous",
    "toute",
    "toutes",
    "avec",
    "commande",
    "commander",
    "commandes",
    "order",
    "orders",
    "ordered",
    "prendre",
    "prends",
    "prend",
    "livrer",
    "livre",
    "livraison",
    "delivery",
    "deliver",
    "payer",
    "paie",
    "pay",
    "acheter",
    "buy",
    "passer",
    "passe",
    "jour",
    "jours",
    "day",
    "days",
    "temps",
    "time",
    "heure",
    "heures",
    "aujourd",
    "hui",
    "demain",
    "today",
    "tomorrow",
    "boutique",
    "shop",
    "magasin",
    "store",
    "want",
    "need",
    "besoin",
    "mois",
    "month",
}


def lemma(word: str) -> str:
    """A rough French/English verb and plural ending stripper for FAQ matching ("posez", "pose" -> "pos")."""
    for end in ("ements", "ement", "ons", "ent", "ez", "er", "es", "ed", "ing", "e", "s"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            base = word[: -len(end)]
            if end in ("ed", "ing") and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeiouls":
                base = base[:-1]  # "cutting", "shipped" -> "cut", "ship"
            return base
    return word


def _overlap(stems: set, others: set) -> set:
    """Shared words, counting a shared beginning of 6 letters or more ("retourner" / "retour")."""
    lemmas = {lemma(o) for o in others}
    hits = {s for s in stems if s in others or lemma(s) in lemmas}
    for s in stems - hits:
        if len(s) >= 6 and any(len(o) >= 6 and o[:6] == s[:6] for o in others):
            hits.add(s)
    return hits


def faq_match(norm: Normalised, knowledge: Knowledge, language: str | None = None) -> tuple[int | None, float]:
    best, score, _ = faq_match_detail(norm, knowledge, language)
    return best, score


def faq_match_detail(
    norm: Normalised, knowledge: Knowledge, language: str | None = None
) -> tuple[int | None, float, bool]:
    """(best FAQ entry, score, whether a non-product word of its question is in the message)."""
    if not knowledge.faq:
        return None, 0.0, False
    words = list(norm.words)
    joined = " ".join(words)
    # "frais de livraison" is a fee, not freshness.
    joined = re.sub(r"\bfrais (de|d) (livraison|transport|envoi)\b", "cout livraison", joined)
    words = joined.split()
    concepts = concepts_of(words)
    stems = {stem(w) for w in words if w not in FAQ_STOP and len(w) > 2}
    products = knowledge.product_stems | knowledge.unit_words
    best, best_score, best_hit = None, 0.0, False
    for i, f in enumerate(knowledge.faq):
        score = 2.0 * len(concepts & f.q_concepts) + 1.0 * len(concepts & (f.concepts - f.q_concepts))
        q_hits = _overlap(stems, f.q_stems)
        score += 1.5 * len(q_hits - products) + 0.5 * len(q_hits & products)
        # A word that only this question uses ("installation") points at it more than a shared one.
        others = set().union(*(g.q_stems for j, g in enumerate(knowledge.faq) if j != i))
        unique = {
            w for w in stems & f.q_stems if len(w) >= 5 and w not in others | knowledge.vocab | FR_WORDS | EN_WORDS
        }
        score += 0.5 * len(unique - products)
        score += 0.5 * len(_overlap(stems, f.a_stems - f.q_stems) - products)
        if language == "en":
            # The questions are written in French: an English question meets the English answer instead.
            en_hits = _overlap(stems, f.en_stems) - products - knowledge.vocab
            # Everyday English words ("evening", "shop") weigh less than the answer's own content words.
            score += 0.5 * len(en_hits) + 0.5 * len({w for w in en_hits if w not in EN_WORDS})
            q_hits = q_hits | en_hits
        if score > best_score:
            # A concept of the question ("warranty" = "garantie") is as good as one of its words.
            best, best_score, best_hit = i, score, bool(q_hits - products) or bool(concepts & f.q_concepts)
    return best, best_score, best_hit


_ASK_OBJECT = (
    "vous servez",
    "vous faites le",
    "vous faites la",
    "vous faites les",
    "do you serve",
    "do you make",
    "vous avez des",
    "vous avez du",
    "vous avez de la",
    "vous avez les",
    "vous avez le",
    "vous avez la",
    "vous avez",
    "avez vous des",
    "avez vous du",
    "avez vous de la",
    "avez vous",
    "vous vendez les",
    "vous vendez des",
    "vous vendez du",
    "vous vendez",
    "y a des",
    "y a du",
    "y a",
    "tu as",
    "do you have any",
    "do you have",
    "do you sell",
    "have you got",
    "you sell",
    "you have",
)


def unknown_object(norm: Normalised, ent: Entities, knowledge: Knowledge) -> str | None:
    """The thing asked for after "vous avez", "do you sell", or after a quantity, when no product matched."""
    words = norm.words
    origs = [t.orig for t in norm.tokens]
    stop = {
        "pour",
        "for",
        "chez",
        "dans",
        "ici",
        "aujourd",
        "today",
        "a",
        "au",
        "to",
        "s",
        "il",
        "svp",
        "please",
        "vous",
        "plait",
        "stp",
        "en",
        "in",
        "at",
        "la",
        "ou",
        "bien",
        "n",
        "est",
        "ce",
        "pas",
        "monsieur",
        "madame",
        "ami",
        "j",
        "je",
        "i",
        "faim",
        "manger",
        "quoi",
        "salut",
        "merci",
        "vite",
        "ca",
        "c",
        "commander",
        "order",
        "acheter",
        "buy",
        "eat",
        "prendre",
        "take",
        "quelque",
        "something",
        "chose",
        "thing",
    }
    start = -1
    for cue in sorted(set(_ASK_OBJECT) | set(AVAILABILITY) | set(ORDER_VERBS), key=lambda c: -len(c.split())):
        p = find_phrase(words, cue)
        if p >= 0:
            start = p + len(cue.split())
            break
    if start < 0:
        # "2 casiers de bière": a quantity followed by something that is not a known product.
        for i, w in enumerate(words):
            if w.isdigit() and i not in ent.consumed and i + 1 < len(words):
                start = i + 1
                break
    if start < 0:
        return None
    out = []
    for i in range(start, min(len(words), start + 6)):
        if words[i] in stop or i in ent.consumed:
            if out:
                break
            if words[i] in (
                "des",
                "du",
                "de",
                "la",
                "le",
                "les",
                "l",
                "d",
                "some",
                "any",
                "encore",
                "still",
                "moi",
                "me",
                "un",
                "une",
                "a",
                "an",
                "the",
            ):
                continue
            if words[i] in stop:
                break
            continue
        out.append(origs[i] if origs[i] else words[i])
    # Keep each original word once (a rewritten word keeps its source word for every token).
    phrase = []
    for w in out:
        if not phrase or phrase[-1] != w:
            phrase.append(w)
    text = " ".join(phrase).strip()
    if not text or all(w in FUNCTION_WORDS for w in text.split()):
        return None
    return text


# Verbs after "vous" / "do you" that are about the shop's terms, not a service it performs.
_NOT_SERVICE = {"livrez", "acceptez", "ouvrez", "fermez", "etes", "avez", "pouvez", "voulez", "savez", "connaissez"}
_NOT_SERVICE |= {"prenez", "faites", "vendez", "envoyez", "passez", "allez", "dites", "parlez", "appelez"}
_NOT_SERVICE |= {"deliver", "accept", "open", "close", "have", "sell", "take", "know", "speak", "send", "ship", "do"}
_NOT_SERVICE |= {"make", "offer", "go", "come", "call", "want", "need", "think", "like"}
# Opinions and small talk ("vous pensez quoi de…", "do you like…") are not services either.
_NOT_SERVICE |= {"pensez", "croyez", "trouvez", "aimez", "comprenez", "voyez", "regardez", "mangez", "habitez"}
_NOT_SERVICE |= {"travaillez", "jouez", "supportez", "believe", "love", "live", "work", "play", "watch", "see"}
_NOT_SERVICE |= {"understand", "remember", "support"}


def _service_object(norm: Normalised) -> str | None:
    """What a "vous lavez les rideaux ?" / "do you wash carpets?" question asks about, if anything."""
    if not norm.question:
        return None
    words, origs = norm.words, [t.orig for t in norm.tokens]
    for i in range(len(words) - 2):
        fr = words[i] == "vous" and words[i + 1].endswith("ez")
        en = words[i] == "you" and i > 0 and words[i - 1] in ("do", "can", "could")
        if not (fr or en) or words[i + 1] in _NOT_SERVICE:
            continue
        out = []
        for j in range(i + 2, min(len(words), i + 6)):
            w = words[j]
            if w in FUNCTION_WORDS or w in FR_WORDS or w in EN_WORDS or len(w) < 3:
                if out:
                    break
                continue
            out.append(origs[j] or w)
        return " ".join(dict.fromkeys(out)) or None
    return None


# Filler around a price question ("c'est combien les …", "how much are the …").
_PRICE_FILLER = {"est", "sont", "are", "is", "r", "c", "ca", "cest", "s", "of", "for", "pour", "en", "svp", "please"}


def _price_object(norm: Normalised) -> str | None:
    """The thing whose price is asked when it is not a product of the shop ("prix des lunettes ?")."""
    words, origs = norm.words, [t.orig for t in norm.tokens]
    common = FR_WORDS | EN_WORDS | FUNCTION_WORDS | _PRICE_FILLER
    spans = [(find_phrase(words, c), len(c.split())) for c in PRICE]
    spans = [(p, n) for p, n in spans if p >= 0]
    if not spans:
        return None
    start, length = min(spans)
    out = []
    for i in range(start + length, min(len(words), start + length + 5)):
        w = words[i]
        if w in common or w.isdigit() or len(w) < 3:
            if out:
                break
            continue
        out.append(origs[i] or w)
    if not out:
        # "les lunettes de soleil c'est combien": the words just before the cue, past "c'est" / "là".
        i = start - 1
        while i >= 0 and words[i] in _PRICE_FILLER | {"la", "le", "les", "l"}:
            i -= 1
        while i >= 0 and (words[i] in ("de", "d", "of") and out or words[i] not in common and len(words[i]) >= 3):
            if not words[i].isdigit():
                out.insert(0, origs[i] or words[i])
            i -= 1
        while out and fold(out[0]) in ("de", "d", "of"):
            out.pop(0)
    return " ".join(dict.fromkeys(out)) or None


# "Vous connaissez un bon tailleur à Koumassi ?": a place named in a question about something else.
KNOW = ("connais", "connaissez", "connait", "connaitre", "know", "recommend", "recommande", "recommander")
# The price asked is the delivery's, whatever product is named with it.
FEE_QUESTION = (
    "coute la livraison",
    "cout de la livraison",
    "prix de la livraison",
    "frais de livraison",
    "livraison coute",
    "livraison fait combien",
    "livraison c est combien",
    "livraison est a combien",
    "combien pour la livraison",
    "combien la livraison",
    "delivery fee",
    "delivery cost",
    "cost of delivery",
    "how much is delivery",
    "how much is the delivery",
    "how much for delivery",
    "how much for the delivery",
    "shipping fee",
    "shipping cost",
)
HYPOTHETICAL = ("si je", "si on", "si j", "if i", "if we", "supposons", "suppose")
STRONG_TIME = (
    "combien de temps",
    "combien de minutes",
    "combien d heures",
    "arrive quand",
    "ca arrive",
    "delai",
    "how long",
    "how soon",
    "how many minutes",
    "how many hours",
    "when will",
)
# A question about the shop's place, asked before anything else in the message.
LOCATION_QUESTION = (
    "where is your shop",
    "where is the shop",
    "where is your store",
    "where are you",
    "whats your address",
    "what is your address",
    "c est ou votre",
    "c est ou ta",
    "c est ou la boutique",
    "ou se trouve",
    "ou est votre",
    "ou est la boutique",
    "ou est le magasin",
    "votre adresse",
    "ton adresse",
    "your address",
)


# "faut pas me couper hein", "don't cheat me": a warning said before buying, not a complaint.
PREVENTIVE = ("faut pas", "faudrait pas", "faudra pas", "il ne faut pas", "don t", "dont", "do not")


IF_CLAUSE = ("si vous", "si on", "si le", "si la", "si un", "si une", "si mon", "si ma", "si mes", "if you", "if the")
IF_CLAUSE += ("if my", "if a", "if an", "en cas de", "in case")


# Words that tell of something that already went wrong ("vous m'avez livré…", "my order").
PAST_TROUBLE = ("m avez", "m a", "j ai", "on m a", "ai recu", "vous avez", "you sent", "i got", "i received")
PAST_TROUBLE += ("my order", "ma commande", "hier", "yesterday", "toujours pas", "still no", "still not")


def _complaint_words(words: list[str]) -> set:
    joined = f" {' '.join(words)} "
    return {stem(w) for c in COMPLAINT if f" {c} " in joined for w in c.split()}


def _only_preventive(words: list[str], markers, window: int = 3) -> bool:
    joined = f" {' '.join(words)} "
    starts = []
    for c in COMPLAINT:
        at = joined.find(f" {c} ")
        while at >= 0:
            starts.append(joined.count(" ", 0, at + 1) - 1)  # word index of the cue
            at = joined.find(f" {c} ", at + 1)
    if not starts:
        return False
    return all(any_phrase(words[max(0, i - window) : i], markers) for i in starts)


def classify(
    norm: Normalised, ent: Entities, knowledge: Knowledge, state: dict, language: str | None = None
) -> Understanding:
    words = norm.words
    joined = " ".join(words)  # for the sentence patterns below
    deferred = bool(_DEFERRED.search(joined))  # paying later: "vous faites crédit ?"
    has_products = bool(ent.products)
    zone = bool(ent.zones) or ent.pickup
    u = Understanding(intent="off_topic")
    u.faq_best, u.faq_score, u.faq_hit = faq_match_detail(norm, knowledge, language)
    u.discount = any_phrase(words, DISCOUNT)
    u.affirm = any_phrase(words, AFFIRM)
    u.negative = any_phrase(words, NEGATIVE)
    u.greeting = any_phrase(words, GREETING)
    u.thanks = any_phrase(words, THANKS)
    faq_i, faq_score, faq_hit = u.faq_best, u.faq_score, u.faq_hit
    in_order = bool(state.get("cart")) or bool(state.get("pending"))
    order_pos = first_phrase(words, ORDER_VERBS)
    first_product = min((m.start for m in ent.products), default=-1)
    explicit_order = has_products and order_pos >= 0 and order_pos <= first_product
    with_qty = any(m.qty and not m.weak for m in ent.products)
    price_cue = any_phrase(words, PRICE)
    owner_called = any(w in knowledge.owner_names for w in words) and any_phrase(
        words, ("parler", "appeler", "c est toi", "talk", "speak", "call", "voir", "numero", "number")
    )

    preventive = ((has_products or price_cue) and _only_preventive(words, PREVENTIVE)) or (
        # "si vous abîmez mon vêtement, vous remboursez ?": a question about a rule of the shop.
        norm.question and faq_i is not None and faq_score >= 2 and _only_preventive(words, IF_CLAUSE, window=6)
    )
    if (
        not preventive
        and norm.question
        and faq_i is not None
        and faq_score >= 3.5
        and not any_phrase(words, PAST_TROUBLE)
        and _complaint_words(words) <= knowledge.faq[faq_i].q_stems
    ):
        preventive = True  # "vous enlevez les taches ?": the shop's own FAQ topic, asked as a question
    hypothetical = any_phrase(words, HYPOTHETICAL)
    loc_pos = first_phrase(words, LOCATION_QUESTION)
    location_first = loc_pos >= 0 and (order_pos < 0 or loc_pos < order_pos) and not ent.zones
    weak_only = any_phrase(words, COMPLAINT_WEAK) and not any_phrase(
        words, tuple(c for c in COMPLAINT if c not in COMPLAINT_WEAK)
    )
    if weak_only and faq_i is not None and faq_score >= 2:
        u.intent = "faq"
        u.faq_index = faq_i
    elif not preventive and (
        any_phrase(words, COMPLAINT)
        or _WAITING.search(joined)
        or _NOT_ARRIVED.search(joined)
        or any(find_phrase(words, a) >= 0 and find_phrase(words, b) > find_phrase(words, a) for a, b in PAYMENT_PROBLEM)
    ):
        u.intent = "complaint"
    elif (
        owner_called
        or any_phrase(words, HUMAN)
        or (any_phrase(words, ROLES) and any_phrase(words, ROLE_REQUEST) and not has_products)
        # "responsable", "le gérant svp": the role alone (what the credit answer tells them to write)
        or (any_phrase(words, ROLES) and len(set(words) - FUNCTION_WORDS - POLITE) == 1)
    ):
        u.intent = "human"
    elif _PLACED_ORDER_ACTION.search(joined) and not in_order and not has_products:
        u.intent = "human"  # "je veux annuler ma commande", "le livreur m'a appelé, je ne l'ai pas eu"
    elif ORDER_STATUS.search(joined) and not has_products:
        u.intent = "delivery_time"
        u.order_status = True
    elif deferred and not has_products and not (faq_i is not None and faq_score >= 2):  # the FAQ's word wins
        u.intent = "payment"  # "tu peux me faire crédit jusqu'à vendredi ?" is not about the opening days
        u.deferred = True
    elif any_phrase(words, OFF_TOPIC) and not has_products and not zone:
        u.intent = "off_topic"
    elif zone and any_phrase(words, FEE_QUESTION) and not explicit_order:
        u.intent = "delivery_zone_fee"  # "combien coûte la livraison d'un frigo à Cocody ?"
    elif hypothetical and any_phrase(words, STRONG_TIME) and not ent.payments:
        u.intent = "delivery_time"  # "si je commande un frigo pour Adjamé, ça arrive en combien de temps ?"
    elif location_first:
        u.intent = "location"  # "where is your shop? I want to come and see the fridges"
    elif explicit_order and (zone or ent.payments or not price_cue):
        u.intent = "order"
    elif faq_i is not None and faq_score >= 3.5:
        u.intent = "faq"
        u.faq_index = faq_i
    elif has_products and price_cue and not any_phrase(words, HOURS + TIME):
        u.intent = "price"
    elif any_phrase(words, ("y a quelqu un", "il y a quelqu un", "quelqu un la")) and not has_products:
        u.intent = "greeting"
    elif (
        faq_i is not None
        and faq_score >= 2
        and not (any_phrase(words, _ASK_OBJECT) and not has_products and faq_score < 4)
        and not (has_products and any_phrase(words, AVAILABILITY) and faq_score < 3.5 and not faq_hit)
    ):
        u.intent = "faq"
        u.faq_index = faq_i
    elif (
        any_phrase(words, HOURS)
        or (any_phrase(words, DAYS) and not has_products and not ent.zones)
        or (_CLOCK.search(joined) and any_phrase(words, ("come", "venir", "passer", "viens", "passe")))
    ):
        u.intent = "hours"
    elif (
        any_phrase(words, TIME)
        and (zone or any_phrase(words, DELIVERY + ("commande", "commander", "order")))
        and not (has_products and price_cue)
    ):
        u.intent = "delivery_time"
    elif any_phrase(words, CONTACT) and not ent.payments:
        u.intent = "location"
    elif any_phrase(words, STRONG_LOCATION) or (
        (any_phrase(words, LOCATION) or ("ou" in norm.raw_tokens[-1:] and norm.question) or "où" in norm.raw.lower())
        and not has_products
        and not any_phrase(words, DELIVERY)
    ):
        u.intent = "location"
    elif has_products and price_cue:
        u.intent = "price"
    elif has_products and (explicit_order or (with_qty and not any_phrase(words, AVAILABILITY))):
        u.intent = "order"
    elif has_products and in_order and not any_phrase(words, AVAILABILITY):
        u.intent = "order"
    elif zone and (any_phrase(words, DELIVERY) or price_cue) and not any_phrase(words, KNOW):
        u.intent = "delivery_zone_fee"
    elif has_products and any_phrase(words, AVAILABILITY):
        u.intent = "availability"
    elif deferred or ent.payments or any_phrase(words, PAYMENT):
        u.intent = "payment"
        u.deferred = deferred
    elif faq_i is not None and faq_score >= 1.5 and (faq_hit or faq_score >= 2) and not any_phrase(words, _ASK_OBJECT):
        u.intent = "faq"
        u.faq_index = faq_i
    elif has_products:
        u.intent = "availability" if not in_order else "order"
    elif price_cue and state.get("last_sku") and not any_phrase(words, DELIVERY):
        u.intent = "price"
    elif u.discount and not zone and not state.get("choice"):
        u.intent = "price"
    elif order_pos >= 0 and ent.numbers and not zone:
        u.intent = "order"
    elif zone and not any_phrase(words, KNOW):
        u.intent = "delivery_zone_fee"
    elif any_phrase(words, DELIVERY):
        u.intent = "delivery_zone_fee"
    elif order_pos >= 0 and (ent.numbers or any_phrase(words, AVAILABILITY)):
        u.intent = "order"
    elif any_phrase(words, CATALOGUE):
        u.intent = "availability"
        u.catalogue = True
    elif order_pos >= 0 and any_phrase(words, ("commander", "order", "manger", "eat", "food", "acheter", "buy")):
        u.intent = "order"
    elif any_phrase(words, AVAILABILITY) and unknown_object(norm, ent, knowledge):
        u.intent = "availability"
    elif not has_products and not zone and _service_object(norm):
        u.intent = "availability"  # "vous lavez les rideaux ?": a service the shop may or may not offer
    elif price_cue and not zone and not has_products and _price_object(norm):
        u.intent = "price"  # "c'est combien les préservatifs ?" for a shop that does not sell them
    elif u.greeting and not u.thanks:
        u.intent = "greeting"
    elif u.thanks or (u.affirm and len(words) <= 4):
        u.intent = "thanks_bye"
    elif u.greeting:
        u.intent = "greeting"
    elif in_order and (u.affirm or u.negative or ent.numbers or len(words) <= 6):
        u.intent = "order"
    else:
        u.intent = "off_topic"
    u.rules_intent = u.intent
    return fill_details(u, norm, ent, knowledge)


def fill_details(u: Understanding, norm: Normalised, ent: Entities, knowledge: Knowledge) -> Understanding:
    """What the chosen intent needs beyond its code: the FAQ entry it answers from, and the thing asked
    for that the shop does not sell. Run again when the learned model chooses another intent."""
    if u.intent == "faq" and u.faq_index is None:
        u.faq_index = u.faq_best
    u.unknown = None
    if u.intent in ("availability", "order", "price") and not ent.products:
        if u.intent == "price" and any_phrase(norm.words, PRICE):
            u.unknown = _price_object(norm) or unknown_object(norm, ent, knowledge)
        else:
            u.unknown = unknown_object(norm, ent, knowledge) or _service_object(norm)
    return u
