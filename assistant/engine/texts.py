"""The assistant engine's phrases, keyed, one table per language (data only; ``replies.Phrases.phrase`` reads it).

Each key names one phrase or one piece of a reply (``"ask_again.quantity"``, ``"recap.head"``); its value is
the list of its variants in that language, with named ``{placeholders}`` that the engine fills with the
shop's data (names and prices already formatted). When a phrase has several variants, one is chosen
deterministically from the reply's seed, so the same conversation always reads the same words.

A language is one more table with every key of French and the same placeholders per key
(assistant/tests/test_engine_texts.py checks it). A register (the nouchi of Ivorian street French) is a
table of its own that may hold only some keys: the others are read from its language's table
(``REGISTERS``), and its variants are picked with the bare seed. A language without a table reads French.

Customer-facing texts outside the engine (order updates, payment links…) are in ``core/texts.py``.
"""

DEFAULT_LANGUAGE = "fr"

# Register → the language it falls back to, key by key.
REGISTERS = {"fr-nouchi": "fr"}

PHRASES: dict[str, dict[str, list[str]]] = {
    "fr": {
        # Shared words of the reply builders: lists, delays, days.
        "join.or": [" ou "],
        "join.and": [" et "],
        "eta": ["{low} à {high} minutes"],
        "product_price": ["{product} : {price}"],
        "day.mon": ["lundi"],
        "day.tue": ["mardi"],
        "day.wed": ["mercredi"],
        "day.thu": ["jeudi"],
        "day.fri": ["vendredi"],
        "day.sat": ["samedi"],
        "day.sun": ["dimanche"],
        # Small talk.
        "greeting": [
            "Bonjour et bienvenue chez {name} ! Comment puis-je vous aider ?",
            "Bonjour ! Ici {name}. Que puis-je faire pour vous aujourd'hui ?",
        ],
        "thanks": ["Avec plaisir ! Merci et à bientôt chez {name}.", "Merci à vous ! Bonne journée et à bientôt."],
        "off_topic": [
            "Désolé, je ne peux pas vous aider sur ce sujet : je suis l'assistant de {name}. "
            "Je peux vous renseigner sur nos produits, nos prix, la livraison et prendre votre commande.",
            "Je ne suis que l'assistant de {name}, je ne peux pas répondre à cela. "
            "Par contre, je peux vous donner nos prix, nos zones de livraison ou prendre votre commande.",
        ],
        "handoff.complaint": [
            "Je suis vraiment désolé pour ce problème. Je transmets tout de suite votre message à l'équipe : "
            "une personne va vous répondre ici au plus vite."
        ],
        "handoff.large": [
            "Merci pour cette grosse commande ! Pour une telle quantité, une personne de l'équipe va vous "
            "répondre ici directement pour le prix et la livraison."
        ],
        "handoff.stuck": [
            "Je préfère ne pas deviner : je transmets votre commande à l'équipe, une personne va vous répondre "
            "ici au plus vite pour la finaliser avec vous."
        ],
        "handoff.request": [
            "Bien sûr, je transmets votre demande : une personne de l'équipe va vous répondre ici au plus vite."
        ],
        "handoff.request_contact": [
            "Bien sûr, je transmets votre demande : une personne de l'équipe va vous répondre ici au plus vite. "
            "Vous pouvez aussi joindre {contact}."
        ],
        # Catalogue.
        "price_line": ["Pour {product}, le prix est de {price}."],
        "price_line.quantity": ["{quantity} × {product} ({price} l'unité) = {total}"],
        "out_of_stock": [
            "Désolé, {product} est en rupture de stock pour le moment.",
            "Désolé, nous n'avons plus de {product} : il est en rupture pour le moment.",
        ],
        "out_of_stock.instead": [" Je peux vous proposer à la place : {alternatives}."],
        # {thing}: what the customer asked for, with its article after the negation (« de cigarettes »).
        "not_sold": ["Désolé, nous ne vendons pas {thing}."],
        "not_sold.that": ["Désolé, nous ne vendons pas cet article."],
        "not_sold.closest": [" Voici ce que nous avons de plus proche : {alternatives}."],
        "catalogue.head": ["Voici ce que nous proposons :"],
        "catalogue.row": ["- {product} : {price}"],
        "catalogue.gone": ["En rupture pour le moment : {products}."],
        "catalogue.how_to_order": [
            "Pour commander, envoyez-moi simplement le produit et la quantité, et dites-moi où vous livrer."
        ],
        "catalogue.more": ["… et {count} autres articles : dites-moi ce qu'il vous faut."],
        # Photos.
        "photo_caption": ["Voici {product} : {price}"],
        "photo_caption.gone": ["Voici {product} : {price} (en rupture pour le moment)"],
        "no_photo": ["Je n'ai pas encore de photo de : {products}."],
        "more_photos": ["J'ai aussi les photos de : {products}. Lequel voulez-vous voir ?"],
        "which_photo": ["Quel produit voulez-vous voir en photo ? J'ai les photos de : {products}."],
        "which_photo.none": ["Quel produit voulez-vous voir ?"],
        "in_stock": ["Oui, nous avons {product}, à {price}.", "Oui, {product} est en stock : {price}."],
        "presented.how_many": ["Combien en voulez-vous ?"],
        "clarify": ["Nous avons plusieurs sortes de {word} : {options}. Lequel voulez-vous ?"],
        "clarify.option": ["{product} ({price})"],
        "clarify.option_gone": ["{product} (en rupture de stock pour le moment)"],
        # What each intent offers, said as the customer's wish (« vous voulez … »), for a question between two.
        "wish.greeting": ["simplement nous saluer"],
        "wish.price": ["connaître un prix"],
        "wish.order": ["passer une commande"],
        "wish.availability": ["savoir si nous avons un produit"],
        "wish.delivery_zone_fee": ["savoir si nous livrons chez vous et à quel prix"],
        "wish.delivery_time": ["savoir quand la livraison arrive"],
        "wish.payment": ["savoir comment payer"],
        "wish.hours": ["connaître nos horaires"],
        "wish.location": ["savoir où nous trouver"],
        "wish.complaint": ["nous signaler un problème"],
        "wish.human": ["parler à une personne de l'équipe"],
        "wish.thanks_bye": ["terminer la conversation"],
        "wish.faq": ["une réponse à « {question} »"],
        "which_of": ["Je veux être sûr de bien comprendre : vous voulez {first} ou {second} ?"],
        "which_of.unclear": ["Pouvez-vous préciser votre demande ?"],
        "ask_quantity": ["Combien en voulez-vous pour {product} ?"],
        "anything_else": ["Souhaitez-vous commander ?", "Voulez-vous que je vous le mette de côté ?"],
        # Delivery.
        "zone_fee": ["Oui, nous livrons à {zone}{vehicle}. Frais de livraison : {fee}{eta}"],
        "zone_fee.moto": [" à moto"],
        "zone_fee.voiture": [" en voiture"],
        "zone_fee.eta": [", délai d'environ {eta}."],
        "zone_fee.no_eta": ["."],
        "zone_fee.minimum": [" Minimum de commande : {minimum} de produits (hors livraison)."],
        "zone_days": [" Livraison à {zone} : {days}."],
        "pickup_info": ["Vous pouvez aussi retirer votre commande à la boutique, sans frais."],
        "pickup_info.ready": ["Vous pouvez aussi retirer votre commande à la boutique, sans frais, prête en {eta}."],
        "no_pickup": ["Désolé, le retrait à la boutique n'est pas proposé : nous livrons uniquement."],
        "not_served": ["Désolé, nous ne livrons pas à {zone}."],
        "not_served.pickup": [" Vous pouvez passer récupérer votre commande à la boutique : retrait sans frais."],
        "not_served.pickup_at": [
            " Vous pouvez passer récupérer votre commande à la boutique ({address}) : retrait sans frais."
        ],
        "not_served.come": [" Vous pouvez aussi venir vous-même {place} : retrait sans frais."],
        "not_served.come_at": [" Vous pouvez aussi venir vous-même {place} ({address}) : retrait sans frais."],
        "not_served.served": [" Nous livrons à : {zones}."],
        "zones_overview": ["Nous livrons à : {zones}."],
        "zones_overview.zone": ["{zone} ({fee})"],
        "delivery_time": ["Pour {zone}, comptez {eta} de livraison après la commande (frais de livraison : {fee})."],
        "delivery_time.pickup": ["Pour un retrait à la boutique, votre commande est prête en {eta}."],
        "times_overview": ["Délais de livraison : {times}."],
        "times_overview.group": ["{zones} : {eta}"],
        # Payment.
        "payment_ok": ["Oui, nous acceptons {label}."],
        # French says the method's whole note (its numbers and how to pay), English only its numbers.
        "payment_ok.note": [" {note}"],
        "payment_ok.numbers": [" Numéro {label} : {numbers}."],
        # {label}: the refused method, with its article in French (« l'Orange Money », « la carte »).
        "payment_refused": ["Désolé, nous n'acceptons pas {label}. Vous pouvez payer par : {methods}."],
        "deferred_payment": [
            "Je ne peux pas accorder de crédit ni de paiement plus tard moi-même : c'est le responsable qui "
            "décide. Écrivez « responsable » si vous voulez lui en parler."
        ],
        "payment_overview": ["Vous pouvez payer par : {methods}."],
        "payment_overview.refused": [" Nous n'acceptons pas : {methods}."],
        # Shop facts.
        "hours": ["Nos horaires : {days}."],
        "hours.range": ["du {first} au {last}"],
        "hours.span": ["{days} : {open} - {close}"],
        "hours.closed": ["{days} : fermé"],
        "hours.last_order": [" Dernière commande à livrer : {time}."],
        "hours.open_now": [" Nous sommes ouverts en ce moment."],
        "hours.closed_now": [" Nous sommes fermés en ce moment."],
        "location": ["Notre adresse : {address}."],
        "location.landmark": ["Notre adresse : {address}, {landmark}."],
        "location.map": [" Plan : {link}"],
        "location.phone": [" Téléphone : {phone}."],
        # Cart and order.
        "cart.line": ["{quantity} × {product} : {amount}"],
        "cart.head": ["Votre panier :"],
        "cart.subtotal": ["Sous-total : {subtotal}"],
        "cart.delivery": ["Livraison ({zone}) : {fee}"],
        "cart.pickup": ["Retrait à la boutique : sans frais"],
        "cart.total": ["Total : {total}"],
        "order.start": ["Avec plaisir ! Que souhaitez-vous commander ?"],
        "order.what": ["Que souhaitez-vous commander ?"],
        "order.late": ["Si votre commande tarde, dites-le-moi : je préviens le responsable."],
        "discount.refused": ["Je ne peux pas changer les prix moi-même : ce sont ceux de notre catalogue."],
        "minimum.declined": ["D'accord. Sans atteindre le minimum, la livraison n'est pas possible dans cette zone."],
        "ask_zone": ["Où faut-il livrer (commune ou quartier) ?"],
        "ask_zone.or_pickup": ["Où faut-il livrer (commune ou quartier) ? Ou préférez-vous le retrait à la boutique ?"],
        "noted": ["C'est noté : {parts}."],
        "noted.zone": ["livraison à {zone}"],
        "noted.pickup": ["retrait à la boutique"],
        "noted.payment": ["paiement {label}"],
        # Asked again after an answer that did not settle it: the same question said differently.
        "ask_again.quantity": ["Il me faut juste la quantité : répondez par un nombre, par exemple 1 ou 2."],
        "ask_again.choose": ["Il me faut d'abord votre choix : répondez par le numéro ou le nom.\n{options}"],
        "ask_again.choose_option": ["{number}. {option}"],
        "ask_again.zone_refused": [
            "Je comprends, mais nous ne livrons pas à {zone}, même avec des frais en plus. "
            "Pouvez-vous me donner une autre adresse de livraison ?"
        ],
        "ask_again.zone_refused_or_pickup": [
            "Je comprends, mais nous ne livrons pas à {zone}, même avec des frais en plus. "
            "Vous pouvez retirer la commande à la boutique (répondez « retrait »), ou me donner une autre "
            "adresse de livraison."
        ],
        "ask_again.zone": ["Il me manque encore le lieu de livraison : dites-moi votre commune ou votre quartier."],
        "ask_again.zone_or_pickup": [
            "Il me manque encore le lieu de livraison : dites-moi votre commune ou votre quartier, "
            "ou « retrait » pour venir chercher à la boutique."
        ],
        "ask_again.confirm": [
            "Pour valider la commande, répondez « oui » ; pour changer quelque chose, répondez « modifier »."
        ],
        "ask_again.minimum": [
            "Voulez-vous ajouter des articles pour atteindre le minimum, ou préférez-vous le retrait à la boutique ?"
        ],
        "ask_again.payment": ["Il me manque encore le moyen de paiement : {methods}. Lequel choisissez-vous ?"],
        "ask_payment": ["Comment souhaitez-vous payer ? Nous acceptons : {methods}."],
        "price_with_delivery": ["Livraison à {zone} : {fee}, soit {total} au total."],
        "price_with_delivery.minimum": [
            " Pour {zone}, le minimum de commande est de {minimum} de produits (hors livraison)."
        ],
        "below_minimum": [
            "Pour livrer à {zone} (frais de livraison : {fee}), le minimum de commande est de "
            "{minimum} de produits (hors livraison). Votre panier fait {subtotal} : il manque "
            "{missing}. Voulez-vous ajouter des articles ?"
        ],
        "below_minimum.pickup": [" Sinon, le retrait à la boutique est possible sans minimum."],
        "recap.head": ["Voici le récapitulatif de votre commande :"],
        # The recap's two reply buttons (a tap comes back as its title).
        "button.confirm": ["Confirmer"],
        "button.change": ["Modifier"],
        "recap.pickup": ["Retrait à la boutique : {fee}"],
        "recap.payment": ["Paiement : {payment}"],
        "recap.eta": ["Délai : {eta}"],
        "recap.when": ["Souhaité pour : {when}"],
        "recap.confirm": ["Répondez « Confirmer » pour valider la commande, ou dites-moi ce qu'il faut changer."],
        "pickup": ["retrait à la boutique"],
        "confirmed": ["Merci, votre commande est confirmée ! Total à payer : {total}."],
        "confirmed.note": [" {note}"],
        "confirmed.numbers": [" Numéro de paiement : {numbers}."],
        "cancelled": [
            "D'accord, j'annule. N'hésitez pas à revenir vers nous quand vous voulez.",
            "Pas de souci, la commande est annulée. À votre service quand vous voulez.",
        ],
        "expired": ["Votre panier précédent avait plus de 24 h, je l'ai vidé."],
        "what_to_change": ["D'accord, que voulez-vous modifier (articles, quantités, livraison ou paiement) ?"],
    },
    "en": {
        "join.or": [" or "],
        "join.and": [" and "],
        "eta": ["{low} to {high} minutes"],
        "product_price": ["{product}: {price}"],
        "day.mon": ["Monday"],
        "day.tue": ["Tuesday"],
        "day.wed": ["Wednesday"],
        "day.thu": ["Thursday"],
        "day.fri": ["Friday"],
        "day.sat": ["Saturday"],
        "day.sun": ["Sunday"],
        "greeting": [
            "Hello and welcome to {name}! How can I help you?",
            "Hi! This is {name}. What can I do for you today?",
        ],
        "thanks": ["You're welcome! Thank you and see you soon at {name}.", "Thank you! Have a nice day."],
        "off_topic": [
            "Sorry, I can't help with that: I am the assistant of {name}. "
            "I can tell you about our products, prices and delivery, and take your order.",
            "I'm only the assistant of {name}, so I can't answer that. "
            "I can give you our prices and delivery areas, or take your order.",
        ],
        "handoff.complaint": [
            "I am really sorry about this problem. I am passing your message to the team right now: "
            "a person will answer you here as soon as possible."
        ],
        "handoff.large": [
            "Thank you for this large order! For such a quantity, a person from the team will answer you "
            "here directly about the price and the delivery."
        ],
        "handoff.stuck": [
            "I would rather not guess: I am passing your order to the team, and a person will answer you here "
            "as soon as possible to finish it with you."
        ],
        "handoff.request": [
            "Of course, I am passing your request on: a person from the team will answer you here as soon as possible."
        ],
        "handoff.request_contact": [
            "Of course, I am passing your request on: a person from the team will answer you here as soon as "
            "possible. You can also reach {contact}."
        ],
        "price_line": ["The price of {product} is {price}."],
        "price_line.quantity": ["{quantity} × {product} ({price} each) = {total}"],
        "out_of_stock": ["Sorry, {product} is out of stock at the moment (not available)."],
        "out_of_stock.instead": [" I can offer you instead: {alternatives}."],
        "not_sold": ["Sorry, we don't sell {thing}."],
        "not_sold.that": ["Sorry, we don't sell that."],
        "not_sold.closest": [" Here is what we have that comes closest: {alternatives}."],
        "catalogue.head": ["Here is what we have for you at the moment:"],
        "catalogue.row": ["- {product}: {price}"],
        "catalogue.gone": ["Out of stock at the moment: {products}."],
        "catalogue.how_to_order": [
            "To order, just send me the product and how many you want, and tell me where you would like it delivered."
        ],
        "catalogue.more": ["… and {count} more items: just tell me what you need."],
        "photo_caption": ["Here is {product}: {price}"],
        "photo_caption.gone": ["Here is {product}: {price} (out of stock at the moment)"],
        "no_photo": ["I don't have a photo of this one yet: {products}."],
        "more_photos": ["I also have photos of: {products}. Which one would you like to see?"],
        "which_photo": ["Which product would you like to see? I have photos of: {products}."],
        "which_photo.none": ["Which product would you like to see?"],
        "in_stock": ["Yes, we have {product} in stock, at {price}.", "Yes, {product} is in stock: {price}."],
        "presented.how_many": ["How many would you like?"],
        "clarify": ["We have several kinds of {word}: {options}. Which one would you like?"],
        "clarify.option": ["{product} ({price})"],
        "clarify.option_gone": ["{product} (out of stock at the moment)"],
        "wish.greeting": ["just to say hello"],
        "wish.price": ["to know a price"],
        "wish.order": ["to place an order"],
        "wish.availability": ["to know whether we have a product"],
        "wish.delivery_zone_fee": ["to know our delivery areas and fees"],
        "wish.delivery_time": ["to know when the delivery arrives"],
        "wish.payment": ["to know how to pay"],
        "wish.hours": ["to know our opening hours"],
        "wish.location": ["to know where to find us"],
        "wish.complaint": ["to report a problem"],
        "wish.human": ["to talk to a person from the team"],
        "wish.thanks_bye": ["to end the conversation"],
        "wish.faq": ["an answer to « {question} »"],
        "which_of": ["I want to be sure I understand: would you like {first} or {second}?"],
        "which_of.unclear": ["Could you tell me a little more?"],
        "ask_quantity": ["How many of {product} would you like?"],
        "anything_else": ["Would you like to order?", "Shall I add it to your order?"],
        "zone_fee": ["Yes, we deliver to {zone}{vehicle}. Delivery fee: {fee}{eta}"],
        "zone_fee.moto": [" by motorbike"],
        "zone_fee.voiture": [" by car"],
        "zone_fee.eta": [", in about {eta}."],
        "zone_fee.no_eta": ["."],
        "zone_fee.minimum": [" Minimum order: {minimum} of products (delivery fee not included)."],
        "zone_days": [" Delivery to {zone}: {days}."],
        "pickup_info": ["You can also pick up your order at the shop, free of charge."],
        "pickup_info.ready": ["You can also pick up your order at the shop, free of charge, ready in {eta}."],
        "no_pickup": ["Sorry, pickup at the shop is not offered: we only deliver."],
        "not_served": ["Sorry, we don't deliver to {zone}."],
        "not_served.pickup": [" You can pick up your order at the shop, free of charge."],
        "not_served.pickup_at": [" You can pick up your order at the shop ({address}), free of charge."],
        "not_served.come": [" You can also come yourself to {place} and pick up there, free of charge."],
        "not_served.come_at": [" You can also come yourself to {place} ({address}) and pick up there, free of charge."],
        "not_served.served": [" We deliver to: {zones}."],
        "zones_overview": ["We deliver to: {zones}."],
        "zones_overview.zone": ["{zone} ({fee})"],
        "delivery_time": ["For {zone}, delivery takes {eta} after your order (delivery fee: {fee})."],
        "delivery_time.pickup": ["For pickup at the shop, your order is ready in {eta}."],
        "times_overview": ["Delivery times: {times}."],
        "times_overview.group": ["{zones} : {eta}"],
        "payment_ok": ["Yes, we accept {label}."],
        "payment_ok.note": [" {note}"],
        "payment_ok.numbers": [" {label} number: {numbers}."],
        "payment_refused": ["Sorry, we don't accept {label}. You can pay with: {methods}."],
        "deferred_payment": [
            "I can't grant credit or a later payment myself: the manager decides. Write « manager » if you "
            "would like to ask them."
        ],
        "payment_overview": ["You can pay with: {methods}."],
        "payment_overview.refused": [" We don't accept {methods}."],
        "hours": ["Our opening hours: {days}."],
        "hours.range": ["{first} to {last}"],
        "hours.span": ["{days}: {open} - {close}"],
        "hours.closed": ["{days}: closed"],
        "hours.last_order": [" Last order for delivery: {time}."],
        "hours.open_now": [" We are open right now."],
        "hours.closed_now": [" We are closed right now."],
        "location": ["You will find our shop at this address: {address}. You are welcome to come by!"],
        "location.landmark": [
            "You will find our shop at this address: {address} (landmark: {landmark}). You are welcome to come by!"
        ],
        "location.map": [" Here is the map link: {link}"],
        "location.phone": [" Our phone number: {phone}."],
        "cart.line": ["{quantity} × {product} : {amount}"],
        "cart.head": ["Your cart:"],
        "cart.subtotal": ["Subtotal: {subtotal}"],
        "cart.delivery": ["Delivery ({zone}): {fee}"],
        "cart.pickup": ["Pickup at the shop: free"],
        "cart.total": ["Total: {total}"],
        "order.start": ["With pleasure! What would you like to order?"],
        "order.what": ["What would you like to order?"],
        "order.late": ["If your order is late, tell me and I will let the manager know."],
        "discount.refused": ["I can't change the prices myself: they are the ones in our catalogue."],
        "minimum.declined": ["All right. Without reaching the minimum, delivery to this area is not possible."],
        "ask_zone": ["Where should we deliver (area or neighbourhood)?"],
        "ask_zone.or_pickup": [
            "Where should we deliver (area or neighbourhood)? Or would you rather pick up at the shop?"
        ],
        "noted": ["Noted: {parts}."],
        "noted.zone": ["delivery to {zone}"],
        "noted.pickup": ["pickup at the shop"],
        "noted.payment": ["payment by {label}"],
        "ask_again.quantity": ["I just need the quantity: reply with a number, for example 1 or 2."],
        "ask_again.choose": ["First I need your choice: reply with the number or the name.\n{options}"],
        "ask_again.choose_option": ["{number}. {option}"],
        "ask_again.zone_refused": [
            "I understand, but we do not deliver to {zone}, even for an extra fee. "
            "Could you give me another delivery address?"
        ],
        "ask_again.zone_refused_or_pickup": [
            "I understand, but we do not deliver to {zone}, even for an extra fee. "
            'You can collect the order at the shop (reply "pickup"), or give me another delivery address.'
        ],
        "ask_again.zone": ["I still need the delivery place: tell me your area or neighbourhood."],
        "ask_again.zone_or_pickup": [
            'I still need the delivery place: tell me your area or neighbourhood, or "pickup" to collect at the shop.'
        ],
        "ask_again.confirm": ['To place the order, reply "yes"; to change something, reply "change".'],
        "ask_again.minimum": [
            "Would you like to add items to reach the minimum, or would you rather pick up at the shop?"
        ],
        "ask_again.payment": ["I still need the payment method: {methods}. Which one do you choose?"],
        "ask_payment": ["How would you like to pay? We accept: {methods}."],
        "price_with_delivery": ["Delivery to {zone}: {fee}, so {total} in total."],
        "price_with_delivery.minimum": [
            " For {zone}, the minimum order is {minimum} of products (delivery fee not included)."
        ],
        "below_minimum": [
            "To deliver to {zone} (delivery fee: {fee}), the minimum order is "
            "{minimum} of products (delivery fee not included). Your cart is {subtotal}: "
            "{missing} short. Would you like to add items?"
        ],
        "below_minimum.pickup": [" Otherwise, pickup at the shop has no minimum."],
        "recap.head": ["Here is your order summary:"],
        "button.confirm": ["Confirm"],
        "button.change": ["Change"],
        "recap.pickup": ["Pickup at the shop: {fee}"],
        "recap.payment": ["Payment: {payment}"],
        "recap.eta": ["Time: {eta}"],
        "recap.when": ["Wanted: {when}"],
        "recap.confirm": ["Reply « Confirm » to place the order, or tell me what to change."],
        "pickup": ["pickup at the shop"],
        "confirmed": ["Thank you, your order is confirmed! Total to pay: {total}."],
        "confirmed.note": [" {note}"],
        "confirmed.numbers": [" Payment number: {numbers}."],
        "cancelled": [
            "No problem, I have cancelled it. Come back to us any time.",
            "Alright, the order is cancelled. We're here whenever you need us.",
        ],
        "expired": ["Your previous cart was more than 24 hours old, so I have emptied it."],
        "what_to_change": ["Sure, what would you like to change (items, quantities, delivery or payment)?"],
    },
    # Nouchi (Ivorian street French): the small talk in its own words, everything else in French.
    "fr-nouchi": {
        "greeting": [
            "Ça va bien, merci ! Bienvenue chez {name}. Dis-moi ce qu'il te faut, je suis là.",
            "Bonjour, on est là ! Ici {name}. Qu'est-ce que je peux faire pour toi ?",
        ],
        "thanks": [
            "Merci à toi ! On est ensemble. À bientôt chez {name}.",
            "Y a pas de souci, merci à toi ! À bientôt.",
        ],
    },
}
