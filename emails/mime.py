"""Reading a raw e-mail (RFC 5322 bytes, as IMAP hands it over) into what the assistant needs.

``parse_mail(raw)`` never raises: the standard ``email`` package (``policy.default``) parses, and
every step that a broken message can make fail (a header it rejects, a charset nobody knows, a
boundary that never closes, undeclared 8-bit bytes) has a fallback, down to a mail with only its
size. The text kept is the mail's own new words: HTML turned into text, quoted replies and
signatures removed, whitespace normalised, capped.
"""

from __future__ import annotations

import base64
import binascii
import email
import email.errors
import email.utils
import logging
import quopri
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import policy
from email.message import Message
from html.parser import HTMLParser

logger = logging.getLogger("flux.emails.mime")

MAX_TEXT_CHARS = 20_000
# A text part larger than this is cut before decoding: nobody writes 200 KB of new words.
MAX_PART_BYTES = 200_000
NO_SUBJECT = "(sans objet)"


@dataclass(frozen=True)
class Attachment:
    name: str
    size: int  # bytes of the decoded payload
    content_type: str


@dataclass(frozen=True)
class ParsedMail:
    message_id: str
    subject: str
    sender_name: str
    sender_email: str
    date: datetime | None
    text: str
    attachments: tuple[Attachment, ...] = field(default_factory=tuple)
    is_bulk: bool = False
    size: int = 0
    language: str = "fr"


# --- decoding ---------------------------------------------------------------------------------


def decode_bytes(data: bytes, charset: str | None = None) -> str:
    """The declared charset, then UTF-8, then Windows-1252 (a superset of Latin-1 for text), then
    Latin-1, which decodes anything."""
    candidates = []
    if charset:
        candidates.append(charset.strip().strip('"').lower())
    candidates += ["utf-8", "cp1252"]
    for name in candidates:
        try:
            return data.decode(name)
        except (LookupError, UnicodeDecodeError, ValueError):
            continue
    return data.decode("latin-1")


ENCODED_WORD = re.compile(r"=\?([^?\s]+)\?([qQbB])\?([^?\s]*)\?=")


def _decode_word(match: re.Match) -> str:
    charset, encoding, data = match.groups()
    charset = charset.split("*", 1)[0]  # RFC 2231 language suffix
    try:
        if encoding.lower() == "q":
            raw = quopri.decodestring(data.replace("_", " ").encode("ascii", "replace"), header=True)
        else:
            raw = base64.b64decode(data + "=" * (-len(data) % 4))
    except (ValueError, binascii.Error):
        return match.group(0)
    return decode_bytes(raw, charset)


def _header_text(value) -> str:
    """A header's text, RFC 2047 words decoded (unknown charsets included), raw 8-bit bytes
    (surrogate-escaped by the parser) recovered."""
    if value is None:
        return ""
    text = str(value)
    if any("\udc80" <= ch <= "\udcff" for ch in text):
        text = decode_bytes(text.encode("utf-8", "surrogateescape"))
    if "=?" in text:
        # Whitespace between two adjacent encoded words is not part of the text (RFC 2047 § 6.2).
        text = re.sub(r"(\?=)\s+(=\?)", r"\1\2", text)
        text = ENCODED_WORD.sub(_decode_word, text)
    return text


def _header(msg: Message, name: str) -> str:
    """A header by name, from its raw value: policy.default replaces what it cannot decode and
    raises on some malformed values, so the decoding is ours."""
    value = None
    try:
        for key, raw in msg.raw_items() if hasattr(msg, "raw_items") else msg.items():
            if key.lower() == name.lower():
                value = raw
                break
    except Exception:  # noqa: BLE001
        value = None
    try:
        return _header_text(value)
    except Exception:  # noqa: BLE001
        return ""


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# --- HTML to text -----------------------------------------------------------------------------

BLOCK_TAGS = {
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "fieldset", "figcaption",
    "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav",
    "ol", "p", "pre", "section", "table", "tbody", "thead", "tfoot", "tr", "ul",
}  # fmt: skip
SKIPPED_TAGS = {"script", "style", "head", "title", "template", "noscript"}


class _TextExtractor(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.quote = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED_TAGS:
            self.skip += 1
        elif tag == "br":
            self.out.append("\n")
        elif tag in ("td", "th"):
            self.out.append(" ")
        elif tag in BLOCK_TAGS:
            self.out.append("\n")
            if tag == "li":
                self.out.append("- ")
        if tag == "blockquote" or (tag == "div" and any(k == "class" and v and "gmail_quote" in v for k, v in attrs)):
            # Quoted threads (Gmail, Apple Mail, Thunderbird) are marked as such: their lines become "> ".
            self.quote += 1
            self.out.append("\n\x00QUOTE\x00\n")

    def handle_endtag(self, tag):
        if tag in SKIPPED_TAGS:
            self.skip = max(0, self.skip - 1)
        elif tag in BLOCK_TAGS:
            self.out.append("\n")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_data(self, data):
        if not self.skip:
            self.out.append(re.sub(r"[ \t\r\n\f]+", " ", data))


def html_to_text(html: str) -> str:
    parser = _TextExtractor()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # noqa: BLE001 - whatever was read so far is kept
        pass
    text = "".join(parser.out)
    # Everything from the first quoted block on is the thread being answered.
    text = text.split("\x00QUOTE\x00", 1)[0]
    return "\n".join(line.strip() for line in text.split("\n"))


# --- the mail's own words ---------------------------------------------------------------------

QUOTE_HEADER = [
    re.compile(r"^\s*(le|on)\b.{0,250}\b(a écrit|a ecrit|wrote)\s*:?\s*$", re.I | re.S),
    re.compile(r"^\s*-{2,}\s*(original message|message d'origine|message original)\s*-{2,}", re.I),
    re.compile(r"^\s*_{10,}\s*$"),
]
OUTLOOK_FROM = re.compile(r"^\s*\**(de|from)\s*:\**\s*\S", re.I)
OUTLOOK_NEXT = re.compile(r"^\s*\**(envoyé|envoye|sent|date|à|a|to|objet|subject)\s*:", re.I)
MOBILE_SIGNATURE = re.compile(
    r"^\s*(envoyé|envoye|sent|get outlook|obtenir outlook)\b.{0,40}\b(iphone|ipad|android|samsung|galaxy|huawei|"
    r"mobile|outlook|smartphone|tablette|tecno|infinix)\b.*$",
    re.I,
)
CLOSINGS = re.compile(
    r"^\s*(bien\s+)?(cordialement|cdlt|salutations( distinguées| distinguees)?|bien à vous|bien a vous|"
    r"sincères salutations|sinceres salutations|best regards|kind regards|regards|best|sincerely|thanks and regards|"
    r"merci et bonne journée|bonne journée à vous|veuillez agréer.{0,120})[\s,.!]*$",
    re.I,
)


def strip_thread(text: str) -> str:
    """The new words of a plain-text mail: no quoted thread, no signature."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    for i, line in enumerate(lines):
        pair = line + " " + (lines[i + 1] if i + 1 < len(lines) else "")
        if any(p.match(line) for p in QUOTE_HEADER) or (
            re.match(r"^\s*(le|on)\b", line, re.I) and len(line) < 200 and any(p.match(pair) for p in QUOTE_HEADER[:1])
        ):
            break
        if OUTLOOK_FROM.match(line) and any(OUTLOOK_NEXT.match(nxt) for nxt in lines[i + 1 : i + 4]):
            break
        if line.rstrip() in ("--", "-- "):
            break
        if line.lstrip().startswith(">"):
            continue
        if MOBILE_SIGNATURE.match(line):
            continue
        if CLOSINGS.match(line) and len(line.strip()) <= 140:
            break
        kept.append(line)
    return "\n".join(kept)


def normalise_whitespace(text: str) -> str:
    text = text.replace("\u00a0", " ").replace("\u200b", "").replace("\ufeff", "")
    lines = [re.sub(r"[ \t\f\v]+", " ", line).strip() for line in text.split("\n")]
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


# --- language ---------------------------------------------------------------------------------

FR_WORDS = set(
    "le la les de des du un une et est pour dans avec nous vous je votre vos notre nos pas sur au aux "
    "merci bonjour cordialement commande facture livraison ce cette qui que ne plus par être avez sont".split()
)
EN_WORDS = set(
    "the and is for in with we you i your our not on at to of please thanks thank hello regards order "
    "invoice delivery this that which are be have has will would could".split()
)


def detect_language(text: str) -> str:
    words = re.findall(r"[a-zà-ÿ']+", text.lower()[:4000])
    fr = sum(w in FR_WORDS for w in words)
    en = sum(w in EN_WORDS for w in words)
    return "en" if en > fr * 1.2 and en >= 2 else "fr"


# --- bulk senders -----------------------------------------------------------------------------

BULK_LOCAL = re.compile(
    r"^(no-?reply|do-?not-?reply|ne-?pas-?repondre|newsletters?|news|mailer-daemon|bounces?|marketing|"
    r"notifications?|promo(tions?)?|mailing|info-?lettre|campaigns?)([._+-].*)?$",
    re.I,
)


def _is_bulk(msg: Message, sender_email: str) -> bool:
    if _header(msg, "List-Unsubscribe") or _header(msg, "List-Id"):
        return True
    if _header(msg, "Precedence").strip().lower() in {"bulk", "list", "junk"}:
        return True
    auto = _header(msg, "Auto-Submitted").strip().lower()
    if auto and auto != "no":
        return True
    local = sender_email.split("@", 1)[0]
    return bool(local and BULK_LOCAL.match(local))


# --- the parts --------------------------------------------------------------------------------


def _payload_bytes(part: Message, limit: int | None = None) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001
        data = None
    if data is None:
        raw = part.get_payload()
        if isinstance(raw, str):
            data = raw.encode("utf-8", "surrogateescape")
        else:
            data = b""
    return data[:limit] if limit else data


def _part_text(part: Message) -> str:
    data = _payload_bytes(part)
    if len(data) > MAX_PART_BYTES:
        # Cut at a line end so that a multi-byte character is not split.
        data = data[: data.rfind(b"\n", 0, MAX_PART_BYTES) + 1 or MAX_PART_BYTES]
    try:
        charset = part.get_content_charset()
    except Exception:  # noqa: BLE001
        charset = None
    return decode_bytes(data, charset)


def _filename(part: Message) -> str:
    try:
        name = part.get_filename()
    except Exception:  # noqa: BLE001
        name = None
    return _one_line(_header_text(name)) if name else ""


def _content_type(part: Message) -> str:
    try:
        return part.get_content_type()
    except Exception:  # noqa: BLE001
        return "application/octet-stream"


def _disposition(part: Message) -> str:
    try:
        return (part.get_content_disposition() or "").lower()
    except Exception:  # noqa: BLE001
        return ""


def _walk(msg: Message):
    try:
        yield from msg.walk()
    except Exception:  # noqa: BLE001
        yield msg


def _body_and_attachments(msg: Message) -> tuple[str, tuple[Attachment, ...]]:
    plain: list[str] = []
    html: list[str] = []
    attachments: list[Attachment] = []
    for part in _walk(msg):
        ctype = _content_type(part)
        if part.is_multipart():
            continue
        name = _filename(part)
        disposition = _disposition(part)
        if (
            disposition == "attachment"
            or (name and not ctype.startswith("text/"))
            or (name and disposition != "inline" and ctype.startswith("text/") and (plain or html))
        ):
            size = len(_payload_bytes(part))
            attachments.append(Attachment(name=name or "piece-jointe", size=size, content_type=ctype))
            continue
        if ctype == "text/plain":
            plain.append(_part_text(part))
        elif ctype == "text/html":
            html.append(_part_text(part))
        elif ctype == "message/rfc822" or ctype.startswith(("image/", "audio/", "video/", "application/")):
            size = len(_payload_bytes(part))
            attachments.append(Attachment(name=name or "piece-jointe", size=size, content_type=ctype))
    # The plain alternative is the sender's own text; HTML only when there is no (useful) plain part.
    text = "\n\n".join(t for t in plain if t.strip())
    if not text.strip() and html:
        text = "\n\n".join(html_to_text(h) for h in html)
    elif text.lstrip().lower().startswith(("<!doctype", "<html")):
        text = html_to_text(text)
    return text, tuple(attachments)


def _sender(msg: Message) -> tuple[str, str]:
    raw = _header(msg, "From") or _header(msg, "Sender") or _header(msg, "Reply-To")
    try:
        name, address = email.utils.parseaddr(raw)
    except Exception:  # noqa: BLE001
        name, address = "", ""
    address = address.strip()
    if not re.fullmatch(r"[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+", address):
        found = re.search(r"[\w.+'-]+@[\w-]+(\.[\w-]+)+", raw)
        address = found.group(0) if found else ""
    name = _one_line(name.strip().strip('"').strip("'"))
    if not name and address:
        name = address.split("@", 1)[0]
    address = address.lower()
    if not name:
        name = _one_line(raw)[:150] or "Expéditeur inconnu"
    return name[:150], address


def _date(msg: Message) -> datetime | None:
    raw = _header(msg, "Date")
    if not raw.strip():
        return None
    try:
        value = email.utils.parsedate_to_datetime(raw.strip())
    except Exception:  # noqa: BLE001
        return None
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    try:
        return value.astimezone(UTC)
    except (OverflowError, ValueError):
        return None


def _repair_headers(raw: bytes) -> bytes:
    """Drops header lines that are neither ``Name: value`` nor a continuation: the parser would take
    the first such line as the start of the body and lose every header after it."""
    match = re.search(rb"\r?\n\r?\n", raw)
    head, rest = (raw[: match.start()], raw[match.start() :]) if match else (raw, b"")
    lines = re.split(rb"\r?\n", head)
    kept = [line for line in lines if line[:1] in (b" ", b"\t") or re.match(rb"^[!-9;-~]+:", line)]
    return b"\r\n".join(kept) + rest


def _message(raw: bytes) -> Message:
    try:
        msg: Message = email.message_from_bytes(raw, policy=policy.default)
    except Exception:  # noqa: BLE001
        msg = email.message_from_bytes(raw, policy=policy.compat32)
    if any(isinstance(d, email.errors.MissingHeaderBodySeparatorDefect) for d in msg.defects):
        repaired = _repair_headers(raw)
        if repaired != raw:
            return _message(repaired)
    return msg


def _parse(raw: bytes) -> ParsedMail:
    msg = _message(raw)
    subject = _one_line(_header(msg, "Subject"))[:255] or NO_SUBJECT
    sender_name, sender_email = _sender(msg)
    try:
        body, attachments = _body_and_attachments(msg)
    except Exception:  # noqa: BLE001 - a part we cannot walk leaves the mail without text
        logger.warning("mail body unreadable", exc_info=True)
        body, attachments = "", ()
    body = body.replace("\r\n", "\n").replace("\r", "\n")
    text = normalise_whitespace(strip_thread(body))
    if not text:
        text = normalise_whitespace(body)
    text = text[:MAX_TEXT_CHARS]
    message_id = _one_line(_header(msg, "Message-ID"))[:998]
    return ParsedMail(
        message_id=message_id,
        subject=subject,
        sender_name=sender_name,
        sender_email=sender_email,
        date=_date(msg),
        text=text,
        attachments=attachments,
        is_bulk=_is_bulk(msg, sender_email),
        size=len(raw),
        language=detect_language(subject + "\n" + text),
    )


def parse_mail(raw: bytes) -> ParsedMail:
    """The mail as the assistant reads it. Never raises, whatever the bytes."""
    if not isinstance(raw, bytes | bytearray | memoryview):
        raw = str(raw or "").encode("utf-8", "replace")
    raw = bytes(raw)
    try:
        return _parse(raw)
    except Exception:  # noqa: BLE001 - the last resort: a mail with only its size
        logger.warning("mail unparsable", exc_info=True)
        return ParsedMail(
            message_id="",
            subject=NO_SUBJECT,
            sender_name="Expéditeur inconnu",
            sender_email="",
            date=None,
            text="",
            attachments=(),
            is_bulk=False,
            size=len(raw),
            language="fr",
        )
