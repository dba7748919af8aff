"""General language knowledge shared by the stages: function words, container words, payment
method names, FAQ concepts. Nothing here belongs to one shop: every product, zone, price and
answer comes from the shop document."""

FR_WORDS = {
    "je", "tu", "il", "elle", "nous", "vous", "on", "ils", "le", "la", "les", "un", "une", "des", "du", "de",
    "d", "l", "j", "m", "t", "s", "qu", "c", "est", "et", "ou", "a", "au", "aux", "en", "dans", "pour", "par",
    "sur", "avec", "sans", "mais", "que", "qui", "quoi", "quel", "quelle", "quels", "combien", "comment",
    "pourquoi", "bonjour", "bonsoir", "salut", "merci", "oui", "non", "svp", "plait", "il", "vous", "votre",
    "vos", "mon", "ma", "mes", "ton", "ta", "tes", "ce", "cet", "cette", "ces", "ca", "avez", "avoir", "ai",
    "veux", "voudrais", "faut", "peux", "peut", "pouvez", "livraison", "livrer", "livrez", "prix", "quand",
    "heure", "ouvert", "ouvrez", "fermez", "payer", "paie", "paiement", "commande", "commander", "boutique",
    "aussi", "alors", "bien", "bon", "tres", "plus", "moins", "pas", "ne", "n", "y", "me", "moi", "te", "toi",
    "suis", "sont", "etes", "fait", "faire", "mettez", "mets", "envoyez", "envoie", "ajoutez", "ajoute",
    "enlevez", "aujourd", "hui", "demain", "soir", "matin", "semaine", "dimanche", "lundi", "samedi",
    "jusqu", "chez", "vers", "ici", "encore", "deja", "seulement", "juste", "confirme", "valide", "plutot",
    "laissez", "laisse", "tomber", "depuis", "parler", "numero", "quelqu", "personne", "accord", "apres",
    "midi", "sachet", "sachets", "boite", "boites", "paquet", "paquets", "bouteille", "bouteilles", "sac",
    "sacs", "donnez", "donne", "voulez", "vendez", "acceptez", "prenez", "combien", "temps", "arrive",
    "venir", "viens", "passe", "recuperer", "retrait", "adresse", "situe", "situes", "trouve", "reçu",
    "credit", "mois", "fin", "frais", "beaucoup", "journee", "revoir", "demande", "marche", "service",
    "livreur", "envoyer", "stp", "sil", "voulais", "veut", "besoin", "prendre", "autre", "rien", "tout",
    "ouvrez", "ferme", "fermes", "heures", "quelle", "cher", "argent", "ami", "monsieur", "madame", "vite",
}
EN_WORDS = {
    "i", "you", "he", "she", "we", "they", "the", "a", "an", "is", "are", "am", "do", "does", "did", "have",
    "has", "how", "much", "many", "what", "where", "when", "which", "who", "why", "can", "could", "would",
    "will", "want", "like", "need", "please", "pls", "thanks", "thank", "hello", "hi", "hey", "bye", "good",
    "morning", "evening", "afternoon", "night", "my", "me", "your", "our", "to", "of", "for", "and", "or",
    "with", "in", "on", "at", "it", "this", "that", "there", "here", "deliver", "delivery", "price", "cost",
    "pay", "payment", "order", "open", "close", "closed", "shop", "store", "sell", "available", "yes", "no",
    "not", "some", "any", "get", "give", "send", "be", "long", "soon", "time", "hours", "day", "today",
    "tomorrow", "sunday", "monday", "saturday", "weekdays", "weekend", "fee", "charge", "accept", "take",
    "ok", "okay", "great", "fine", "then", "too", "also", "just", "only", "make", "add", "remove", "instead",
    "actually", "confirm", "confirmed", "go", "ahead", "right", "sure", "cash", "card", "number", "address",
    "located", "location", "come", "pick", "up", "collect", "lot", "bag", "bags", "bottle", "bottles",
    "pack", "packs", "tray", "trays", "tin", "tins", "box", "boxes", "bar", "do", "does", "u", "ur", "tell",
    "help", "talk", "speak", "person", "real", "owner", "manager", "never", "ever", "worst", "arrived",
    "missing", "happy", "paid", "got", "usually", "return", "policy", "receipts", "organising", "funeral",
    "big", "handle", "next", "month", "exchange", "rate", "joke", "homework", "maths", "send", "pin",
    "would", "like", "i'd", "id", "cancel", "keep", "change", "delivered", "paying", "when", "then",
}
# Words that usually open an English sentence but are French too are left out of EN_WORDS ("on", "a"…)
# on purpose: "on" and "a" appear in both lists and cancel out.

CONTAINERS = {
    "sac", "sachet", "paquet", "boite", "bouteille", "pack", "plateau", "plaquette", "carton", "bidon", "casier",
    "lot", "piece", "unite", "portion", "assiette", "plat", "bol", "verre", "tasse", "canette", "barre",
    "morceau", "tube", "pot", "flacon", "rouleau", "douzaine", "kilo", "kg", "l", "g", "litre", "bag", "box",
    "tin", "can", "bottle", "tray", "crate", "packet", "piece", "unit", "plate", "cup", "glass", "bar", "jar",
    "roll", "pair", "paire", "set", "kit", "recharge", "refill", "part", "parts", "menu", "formule", "modele",
    "model", "exemplaire", "copy", "grand", "petit", "gros", "big", "small", "large", "medium", "moyen",
}
FUNCTION_WORDS = {
    "de", "d", "du", "des", "of", "le", "la", "les", "l", "the", "x", "un", "une", "a", "an", "mon", "ma", "mes",
    "ton", "ta", "tes", "votre", "vos", "your", "my", "en", "et", "and", "avec", "with", "pour", "for", "au",
    "aux", "a", "some", "du", "moi", "me",
}
SEPARATORS = {"et", "and", "plus", "puis", "then", "aussi", "also", "avec", "with"}

# Units that make a number a size, not a quantity ("5 kg", "128 go", "42 cm", "2 h").
SIZE_UNITS = {
    "kg", "g", "l", "ml", "cl", "go", "gb", "to", "tb", "mo", "mb", "cm", "mm", "m", "h", "heure", "heures",
    "minute", "minutes", "mn", "f", "fcfa", "cfa", "franc", "francs", "xof", "pouce", "pouces", "inch",
    "inches", "mah", "w", "v", "pm", "am", "e", "eme", "er", "tranche", "ans", "an", "year", "years", "jour",
    "jours", "days", "day", "personnes", "people", "place", "places", "pieces", "p",
}
SIZE_PREFIXES = {"taille", "size", "pointure", "numero", "zone", "riviera", "n", "no", "num", "tranche", "code"}

NUMBER_WORDS_FR = {
    "zero", "un", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize", "vingt", "vingts", "trente", "quarante", "cinquante",
    "soixante", "cent", "cents", "mille",
}
NUMBER_WORDS_EN = {
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty",
    "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand",
}
DOZEN_WORDS = {"douzaine": 12, "dozen": 12, "dizaine": 10, "demi douzaine": 6, "half dozen": 6}

# Payment methods by code, general names (the shop's own aliases are added at compile time).
PAYMENT_ALIASES = {
    "cash": ["cash", "espece", "especes", "liquide", "payer a la livraison", "paie a la livraison",
             "paye a la livraison", "paiement a la livraison", "cash on delivery", "pay on delivery",
             "a la livraison en cash", "main propre"],
    "wave": ["wave"],
    "orange_money": ["orange money", "om", "orange"],
    "mtn_momo": ["mtn", "momo", "mtn momo", "mtn money", "mtn mobile money"],
    "moov_money": ["moov", "moov money", "flooz", "moov africa"],
    "card": ["carte", "carte bancaire", "carte de credit", "cb", "card", "credit card", "debit card", "bank card",
             "visa", "mastercard", "carte visa", "tpe"],
}
PAYMENT_LABELS_EN = {"cash": "cash", "card": "bank card", "wave": "Wave", "orange_money": "Orange Money",
                     "mtn_momo": "MTN MoMo", "moov_money": "Moov Money"}
PAYMENT_LABELS_FR = {"cash": "espèces", "card": "carte bancaire", "wave": "Wave", "orange_money": "Orange Money",
                     "mtn_momo": "MTN MoMo", "moov_money": "Moov Money"}

# Words never treated as a zone on their own (too common in area names).
GENERIC_PLACE_WORDS = {
    "centre", "center", "zone", "cite", "quartier", "grand", "grande", "marche", "avenue", "rue", "gare",
    "carrefour", "village", "nord", "sud", "est", "ouest", "residentiel", "industrielle", "industriel",
    "de", "du", "la", "le", "les", "des", "nouveau", "nouvelle", "ancien", "cite", "logements", "plateau",
    "port", "saint", "sainte", "petit", "bord", "ville", "route", "rond", "point", "lycee", "ecole", "eglise",
    "mosquee", "pharmacie", "station", "campement", "canal", "golf", "france", "remblai", "remblais",
}

# Cross-language FAQ concepts: any word or phrase of a group in both the message and an FAQ entry
# links them, so "ramener" finds "retourner ou échanger" and "funeral" finds "funérailles".
FAQ_CONCEPTS = {
    "return": ["retourner", "retour", "rendre", "ramener", "rapporter", "echanger", "echange", "changer",
               "reprendre", "repris", "return", "returns", "exchange", "exchanged", "swap", "bring back",
               "take back", "pas bon", "pas aime", "not like", "rembourse"],
    "credit": ["credit", "fin du mois", "fin de mois", "plus tard", "payer apres", "dette", "later",
               "on credit", "end of the month", "end of month", "pay later"],
    "receipt": ["recu", "facture", "receipt", "receipts", "invoice", "bill", "ticket de caisse", "justificatif"],
    "event": ["grosse commande", "grosses commandes", "mariage", "funerailles", "bapteme", "fete",
              "evenement", "anniversaire", "ceremonie", "wedding", "funeral", "party", "event", "big order",
              "large order", "bulk", "en gros", "grande quantite", "traiteur", "catering", "birthday"],
    "fresh": ["frais", "fraiche", "fraiches", "du jour", "fresh", "arrive quand", "arrivent", "arrivage",
              "chaque matin", "every morning", "perime", "expire", "date"],
    "bottle": ["bouteille vide", "vide", "empty", "consigne", "apporter", "bring", "venir avec", "emballage"],
    "warranty": ["garantie", "garanti", "warranty", "guarantee", "sav", "apres vente"],
    "repair": ["reparer", "reparez", "repare", "reparation", "reparations", "repair", "repairs", "ecran casse", "fix"],
    "original": ["original", "originaux", "authentique", "contrefacon", "faux", "fake", "genuine", "copie",
                 "neuf", "neufs", "occasion", "reconditionne", "second hand", "used", "refurbished"],
    "size": ["taille", "tailles", "size", "sizes", "pointure", "mesure", "sur mesure", "retouche", "retouches",
             "ajuster", "alteration"],
    "try": ["essayer", "essayage", "essai", "try on", "fitting", "cabine"],
    "booking": ["reserver", "reservation", "table", "book", "booking", "reserve"],
    "spicy": ["piment", "pimente", "epice", "spicy", "hot", "allergie", "allergy", "halal", "vegetarien",
              "vegetarian", "vegan", "gluten"],
    "menu": ["plat du jour", "menu du jour", "dish of the day", "special"],
    "gift": ["cadeau", "emballage cadeau", "gift", "gift wrap"],
    "installment": ["plusieurs fois", "tranches", "echelonne", "installments", "instalments"],
    "sim": ["puce", "sim", "carte sim", "debloque", "unlocked", "deblocage"],
    "charger": ["chargeur", "charger", "ecouteur", "earphones", "accessoire", "accessories"],
    "wholesale": ["grossiste", "revendeur", "wholesale", "reseller", "prix de gros"],
}
