"""Sample content for ``manage.py seed_demo``: a fashion shop in Treichville (pagnes wax, boubous)
and its customers across Abidjan. French and nouchi as customers really write on WhatsApp.

Nouchi used below: « on dit quoi » (salut, quoi de neuf), « y a pas drap » (pas de problème),
« c'est comment » (comment ça va / alors ?), « môgô » (personne, gars), « djo » (mec), « gbê » (vrai),
« Yop » (Yopougon), « c'est doux » (c'est bien), « on est ensemble » (merci, à bientôt).
"""

BUSINESS_DESCRIPTION = (
    "Boutique Akwaba : pagnes wax, Kita et bazin, boubous et accessoires en raphia à Treichville. "
    "Livraison dans tout Abidjan sous 24 h et expédition vers Bouaké, Yamoussoukro et San-Pédro."
)

# (name, price in F CFA)
PRODUCTS = [
    ("Pagne wax 6 yards", 12000),
    ("Pagne Kita tissé main", 25000),
    ("Boubou brodé homme", 18000),
    ("Robe en wax sur mesure", 22000),
    ("Chemise en wax", 9500),
    ("Sac en raphia", 7500),
    ("Sandales en cuir", 6000),
    ("Tissu bazin riche (3 m)", 15000),
    ("Foulard en wax", 3500),
]

CUSTOMERS = [
    ("Aminata Koné", "Cocody"),
    ("Kouadio Yao", "Yopougon"),
    ("Adjoua N'Guessan", "Marcory"),
    ("Sékou Traoré", "Abobo"),
    ("Fatoumata Diallo", "Treichville"),
    ("Koffi Kouassi", "Plateau"),
    ("Awa Bamba", "Koumassi"),
    ("Yapi Brou", "Adjamé"),
    ("Mariam Ouattara", "Port-Bouët"),
    ("Drissa Coulibaly", "Yopougon"),
    ("Affoué Kouamé", "Bingerville"),
    ("Ibrahim Cissé", "Cocody"),
    ("Aya Konan", "Bouaké"),
    ("Moussa Sanogo", "Abobo"),
    ("Bintou Touré", "Marcory"),
    ("Jean-Marc Ahoussou", "Cocody"),
    ("Christelle Tanoh", "Yamoussoukro"),
    ("Hervé Kouakou", "Attécoubé"),
    ("Nadège Assi", "Grand-Bassam"),
    ("Salimata Fofana", "Yopougon"),
    ("Didier Zadi", "San-Pédro"),
    ("Rokia Doumbia", "Koumassi"),
    ("Arsène Kacou", "Plateau"),
    ("Estelle Yao", "Cocody"),
]

# Each script: the exchange (sender, text, question category, was the AI right?). "user" is the
# customer, "ai" the assistant, "agent" the owner. {product}, {price}, {commune} are filled in.
SCRIPTS = [
    [
        ("user", "Bonjour, le {product} est encore disponible ?", "produits", None),
        (
            "ai",
            "Bonjour ! Oui, le {product} est disponible à {price}. Voulez-vous être livré(e) à {commune} ?",
            "produits",
            True,
        ),
        ("user", "Oui svp, demain matin si possible.", "livraison", None),
        (
            "ai",
            "C'est noté : livraison demain matin à {commune}. Paiement à la livraison ou par Orange Money.",
            "livraison",
            True,
        ),
    ],
    [
        ("user", "On dit quoi ? Le {product} là c'est combien même ?", "prix", None),
        (
            "ai",
            "On dit rien de mal ! Le {product} est à {price}. Si tu prends deux, on te fait la livraison "
            "gratuite à {commune}.",
            "prix",
            True,
        ),
        ("user", "Y a pas drap, je prends deux. Vous livrez quand ?", "livraison", None),
        ("ai", "Djo, c'est doux ! Livraison sous 24 h à {commune}. On t'appelle avant de passer.", "livraison", True),
    ],
    [
        ("user", "Bonsoir, vous êtes ouverts le dimanche ?", "horaires", None),
        (
            "ai",
            "Bonsoir ! La boutique est ouverte du lundi au samedi de 8 h à 20 h. Je réponds ici 24 h/24.",
            "horaires",
            True,
        ),
    ],
    [
        ("user", "Je peux payer par Wave ?", "paiement", None),
        ("ai", "Oui, nous acceptons Orange Money, MTN Mobile Money et le paiement à la livraison.", "paiement", False),
        ("agent", "Bonjour, oui Wave aussi est accepté. Je vous envoie le numéro.", "", None),
        ("user", "Merci beaucoup, on est ensemble !", "", None),
    ],
    [
        ("user", "C'est comment ? Ma commande est où ? Le môgô devait passer à {commune} ce matin.", "livraison", None),
        (
            "ai",
            "Yako pour l'attente ! Votre livreur est en route vers {commune}, arrivée estimée dans 30 minutes.",
            "livraison",
            True,
        ),
    ],
    [
        ("user", "Vous avez le {product} en bleu ?", "produits", None),
        (
            "ai",
            "Le {product} existe en bleu roi et en bleu nuit, à {price}. Je vous envoie les photos ?",
            "produits",
            True,
        ),
        ("user", "Gbê, envoie les photos stp", "produits", None),
    ],
    [
        ("user", "Bonjour, vous faites des prix pour les commandes en gros ? 20 pièces.", "prix", None),
        (
            "ai",
            "Bonjour ! À partir de 10 pièces, nous faisons -10 %. Pour 20 {product}, cela fait un beau rabais.",
            "prix",
            False,
        ),
        ("agent", "Bonjour, pour 20 pièces je vous fais -15 %. Je vous appelle cet après-midi.", "", None),
    ],
    [
        ("user", "Est-ce que vous livrez à {commune} ?", "livraison", None),
        (
            "ai",
            "Oui, nous livrons à {commune}. Comptez 24 h à Abidjan et 48 h pour l'intérieur du pays.",
            "livraison",
            None,
        ),
    ],
]

DRIVERS = [
    ("Moussa Traoré", "+2250707112233", 4.8, "Yopougon"),
    ("Ibrahim Ouattara", "+2250505223344", 4.9, "Cocody"),
    ("Seydou Bamba", "+2250101334455", 4.6, "Marcory"),
    ("Jean-Baptiste Kouamé", "+2250708445566", 4.7, "Abobo"),
    ("Lassina Coulibaly", "+2250506556677", 4.5, "Plateau"),
]

ADDRESSES = {
    "Abobo": "Abobo Gare, près de la mairie",
    "Adjamé": "Adjamé Liberté, rue 12",
    "Attécoubé": "Santé 3, Attécoubé",
    "Bingerville": "Quartier Résidentiel, Bingerville",
    "Cocody": "Riviera 2, rue des Jardins",
    "Koumassi": "Koumassi Remblais, carrefour Sopim",
    "Marcory": "Zone 4, rue Paul Langevin",
    "Plateau": "Avenue Chardy, immeuble Alpha 2000",
    "Port-Bouët": "Vridi Cité, près du marché",
    "Treichville": "Avenue 16, rue 21, Treichville",
    "Yopougon": "Yopougon Selmer, carrefour Siporex",
    "Bouaké": "Quartier Commerce, Bouaké",
    "Yamoussoukro": "Quartier Habitat, Yamoussoukro",
    "San-Pédro": "Quartier Bardot, San-Pédro",
    "Grand-Bassam": "Quartier France, Grand-Bassam",
}

DELAY_NOTES = [
    "Embouteillage sur le pont HKB",
    "Pluie forte à Yopougon, circulation bloquée",
    "Le client a demandé de repasser après 17 h",
]

# (sender, address, subject, preview, AI summary, category, priority, status, hours ago)
EMAILS = [
    (
        "Supermarché Prosuma",
        "achats@prosuma.example.ci",
        "Commande de 50 pagnes wax pour la rentrée",
        "Bonjour, nous souhaitons commander 50 pagnes wax 6 yards pour le 5 du mois prochain...",
        "Prosuma commande 50 pagnes wax 6 yards livrés le 5 du mois prochain ; demande une facture pro forma.",
        "commande",
        "high",
        "unread",
        2,
    ),
    (
        "Orange Money Business",
        "noreply@orange-money.example.ci",
        "Votre relevé mensuel est disponible",
        "Votre relevé du mois est disponible dans votre espace marchand...",
        "Relevé mensuel Orange Money disponible : 47 paiements reçus ce mois-ci.",
        "facture",
        "low",
        "ai_processed",
        9,
    ),
    (
        "Christelle Tanoh",
        "christelle.tanoh@example.ci",
        "Colis reçu abîmé",
        "Bonjour, j'ai reçu mon colis à Yamoussoukro mais le sac en raphia est déchiré...",
        "Cliente mécontente : sac en raphia reçu déchiré à Yamoussoukro ; demande un échange.",
        "support",
        "high",
        "unread",
        20,
    ),
    (
        "Vlisco Afrique de l'Ouest",
        "partenaires@vlisco.example.com",
        "Proposition de partenariat revendeur",
        "Madame, Monsieur, suite à votre participation au salon de la mode d'Abidjan...",
        "Vlisco propose un contrat de revendeur agréé avec -20 % sur les collections ; "
        "réponse souhaitée sous 15 jours.",
        "partenariat",
        "medium",
        "unread",
        30,
    ),
    (
        "Transit Express CI",
        "operations@transit-express.example.ci",
        "Tarifs livraison intérieur du pays",
        "Veuillez trouver ci-joint nos nouveaux tarifs pour Bouaké, Korhogo et San-Pédro...",
        "Nouveaux tarifs d'expédition : Bouaké 3 000 F CFA, San-Pédro 3 500 F CFA, Korhogo 4 000 F CFA le colis.",
        "livraison",
        "medium",
        "ai_processed",
        50,
    ),
    (
        "Hôtel Ivoire Events",
        "events@hotel-ivoire.example.ci",
        "Tenues pour un gala de 40 personnes",
        "Nous organisons un gala et recherchons 40 tenues en pagne Kita assorties...",
        "Demande de devis : 40 tenues en pagne Kita pour un gala dans un mois ; budget autour de 1 500 000 F CFA.",
        "commande",
        "high",
        "read",
        70,
    ),
    (
        "Koffi Kouassi",
        "koffi.kouassi@example.ci",
        "Question sur ma facture",
        "Bonjour, ma facture indique 2 chemises alors que j'en ai commandé 3...",
        "Le client signale une facture incomplète (2 chemises facturées au lieu de 3) ; à corriger.",
        "facture",
        "medium",
        "read",
        96,
    ),
    (
        "Association des Commerçants de Treichville",
        "bureau@act.example.ci",
        "Invitation : foire de Noël",
        "Chers membres, la foire de Noël se tiendra sur l'esplanade du marché...",
        "Invitation à la foire de Noël du marché de Treichville ; inscription avant le 10, stand à 25 000 F CFA.",
        "partenariat",
        "low",
        "ai_processed",
        120,
    ),
    (
        "Aya Konan",
        "aya.konan@example.ci",
        "Suivi de ma commande à Bouaké",
        "Bonsoir, ma commande devait arriver hier à Bouaké, pouvez-vous vérifier ?",
        "Cliente de Bouaké sans nouvelles de sa commande prévue hier ; demande le suivi.",
        "support",
        "medium",
        "unread",
        5,
    ),
    (
        "Société Générale CI",
        "pro@societegenerale.example.ci",
        "Votre demande de terminal de paiement",
        "Votre demande de TPE a été acceptée, un conseiller vous contactera...",
        "Demande de terminal de paiement acceptée ; un conseiller appellera pour l'installation.",
        "facture",
        "low",
        "read",
        150,
    ),
]
