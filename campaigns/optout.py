"""A customer's « STOP » (no more campaigns) and « START » (back in), read from one WhatsApp message.

The reading is deliberately narrow: the whole message must be an opt-out (a keyword, maybe with
« svp », « merci », punctuation, or one of a few full sentences such as « arrête de m'envoyer des
messages »). A sentence about something else that merely contains « arrêter » or « stop » — « je
veux arrêter ma commande », « stop, c'est trop cher » — is left to the assistant: taking a cancelled
order for an unsubscription would cost the shop a customer for nothing, while a customer who really
wants out and used an unusual wording can still write « STOP », which every campaign footer says.
"""

import re
import unicodedata

from django.db import transaction
from django.utils import timezone

from conversations.models import Contact
from conversations.replies import OutboundReply
from core import texts

OPT_OUT = "out"
OPT_IN = "in"

# Words that may surround the keyword without changing its meaning.
_FILLER = {
    "svp",
    "stp",
    "sil",
    "vous",
    "plait",
    "plaît",
    "te",
    "merci",
    "please",
    "pls",
    "plz",
    "thanks",
    "thank",
    "you",
    "oh",
    "eh",
    "ok",
    "okay",
    "hein",
    "donc",
    "bon",
    "cest",
    "non",
    "no",
    "wesh",
    "dêh",
    "deh",
    "o",
    "messages",
    "message",
    "msg",
    "sms",
    "pub",
    "pubs",
    "promo",
    "promos",
    "all",
    "tout",
}

_OUT_WORDS = {
    "stop",
    "stopp",
    "stoppe",
    "stopper",
    "arret",
    "arrete",
    "arretez",
    "arreter",
    "desabonner",
    "desabonne",
    "desabonnez",
    "desabonnement",
    "desinscrire",
    "desinscription",
    "unsubscribe",
    "unsub",
    "optout",
}

_IN_WORDS = {"start", "demarrer", "reabonner", "subscribe", "optin", "unstop"}

# Whole-message sentences (after normalisation). « moi » may follow a verb: « désabonnez-moi ».
_OUT_SENTENCES = [
    r"(je veux|je voudrais|jveux|veux) (me )?(desabonner|desinscrire)",
    r"(desabonnez|desabonne|desinscrivez|desinscris|retirez|retire|enlevez|enleve) moi( de (la|votre|ta) liste)?",
    r"(arrete|arretez|stop|stoppez|cesse|cessez) (de |d )?(m |me )?(envoyer|ecrire|spammer)( (des|vos|tes|ces|les))?",
    r"(ne )?(m |me )?(envoyez|envoie|ecrivez|ecris) plus( rien| de messages| vos messages)?",
    r"(faut|il faut) (plus|pas) (m |me )?(envoyer|ecrire)",
    r"je (ne )?veux plus (recevoir|de)( (vos|tes|ces|les|de))?( (messages|promos|pubs|publicites))?",
    r"(ca|sa) suffit (les |vos |tes )?(messages|pubs|promos)",
    r"(on|jai) (dit|di) (arrete|stop)",
    r"(stop|no more) (sending|texting)( me)?",
    r"(stop|quit) (messaging|texting) me",
    r"(i )?(dont|don t|do not) (want|wanna)( any more| more| your| these)?( messages| texts)?",
    r"(please )?(remove|unsubscribe) me( from (your|the) list)?",
]
_IN_SENTENCES = [
    r"(je veux|je voudrais) (me )?(reabonner|rabonner|abonner|recevoir (vos|tes|les) (messages|promos))",
    r"(reabonnez|abonnez|reinscrivez|reinscris) moi",
    r"(resubscribe|subscribe) me",
]
# Trailing words a sentence may end with (« … des messages svp », « … sending me messages »).
_POLITE = {"svp", "stp", "merci", "please", "pls", "thanks", "deh", "oh", "hein"}
_TAIL = {"svp", "stp", "merci", "please", "pls", "thanks", "deh", "oh", "hein", "messages", "message", "sms", "texts"}
_TAIL |= {"des", "vos", "tes", "ces", "les", "me", "pubs", "promos"}

_OUT_RE = re.compile(rf"^(?:{'|'.join(_OUT_SENTENCES)})$")
_IN_RE = re.compile(rf"^(?:{'|'.join(_IN_SENTENCES)})$")


def _normalise(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.replace("'", " ").replace("’", " ").replace("-", " ")
    text = re.sub(r"s il vous plait|s il te plait|sil vous plait", " svp ", text)
    return re.findall(r"[a-z]+", text)


def optout_reading(text: str) -> str | None:
    """``OPT_OUT`` (« STOP »), ``OPT_IN`` (« START ») or None when the message is about something else."""
    words = _normalise(text or "")
    if not words or len(words) > 12:
        return None
    core = [w for w in words if w not in _FILLER]
    if len(core) == 1 and core[0] in _OUT_WORDS:
        return OPT_OUT
    if len(core) == 1 and core[0] in _IN_WORDS:
        return OPT_IN
    # Sentences are read with their trailing politeness removed (« … svp », « … merci »).
    while words and words[-1] in _POLITE:
        words.pop()
    polite = " ".join(words)
    while words and words[-1] in _TAIL:
        words.pop()
    for sentence in (polite, " ".join(words)):
        if _OUT_RE.match(sentence):
            return OPT_OUT
        if _IN_RE.match(sentence):
            return OPT_IN
    return None


_ENGLISH_ONLY = {"unsubscribe", "unsub", "subscribe", "please", "remove", "dont", "want", "sending", "texting"}

# The confirmations are the catalogue's (core.texts: "optout.out", "optout.in").
REPLY_OUT_FR = texts.text("optout.out", "fr")
REPLY_OUT_EN = texts.text("optout.out", "en")
REPLY_IN_FR = texts.text("optout.in", "fr")
REPLY_IN_EN = texts.text("optout.in", "en")


def _english(conversation, text: str) -> bool:
    if conversation.language:
        return conversation.language == "en"
    return bool(set(_normalise(text)) & _ENGLISH_ONLY)


def optout_handle(*, conversation, message) -> list[OutboundReply] | None:
    """Record a « STOP » / « START » from the customer's ``message`` and return the one confirmation.

    None when the message is neither (the assistant answers it as usual). A « STOP » from a customer
    already opted out is answered by nothing (an empty list: the opt-out was confirmed once, and the
    assistant must not answer « stop » with a sales pitch); a « START » from a subscribed customer is
    left to the assistant (None).
    """
    text = message.transcript or message.content
    reading = optout_reading(text)
    if reading is None:
        return None
    english = _english(conversation, text)
    with transaction.atomic():
        contact = Contact.objects.select_for_update().get(pk=conversation.contact_id)
        if reading == OPT_OUT:
            if contact.opted_out_at is not None:
                return []
            Contact.objects.filter(pk=contact.pk).update(opted_out_at=timezone.now())
            return [OutboundReply(text=REPLY_OUT_EN if english else REPLY_OUT_FR)]
        if contact.opted_out_at is None:
            return None
        Contact.objects.filter(pk=contact.pk).update(opted_out_at=None)
        return [OutboundReply(text=REPLY_IN_EN if english else REPLY_IN_FR)]
