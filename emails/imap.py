"""The one module that talks IMAP, through imap-tools (no hand-written protocol).

Read-only by construction: the INBOX is opened with EXAMINE (``readonly=True``) and bodies are
fetched with ``BODY.PEEK`` (``mark_seen=False``), so a sync never sets ``\\Seen`` nor moves, flags or
deletes anything on the owner's server. Every failure becomes an ``ImapFailure`` carrying a French
message for the page; the password never appears in a message, a log line or an exception.
"""

from __future__ import annotations

import imaplib
import ipaddress
import logging
import socket
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from imap_tools import A, MailBox, MailBoxStartTls, MailBoxUnencrypted, MailMessage
from imap_tools.errors import (
    MailboxFolderSelectError,
    MailboxFolderStatusError,
    MailboxLoginError,
    MailboxStarttlsError,
    UnexpectedCommandStatusError,
)

logger = logging.getLogger("flux.emails.imap")

CONNECT_TIMEOUT = 20  # seconds, per socket operation
FOLDER = "INBOX"

MSG_PASSWORD = (
    "Connexion refusée : adresse ou mot de passe incorrect. Pour Gmail, Outlook et Yahoo, utilisez un "
    "mot de passe d'application."
)
MSG_IMAP_DISABLED = (
    "Le fournisseur refuse l'accès IMAP à cette boîte : activez IMAP dans ses réglages (ou créez un mot "
    "de passe d'application), puis réessayez."
)
MSG_UNREACHABLE = "Serveur injoignable : vérifiez le nom du serveur IMAP et le port."
MSG_UNKNOWN_HOST = "Serveur introuvable : le nom « {host} » n'existe pas. Vérifiez le serveur IMAP."
MSG_CERTIFICATE = "Certificat invalide : le serveur ne présente pas un certificat de confiance pour « {host} »."
MSG_TLS = "La connexion sécurisée a échoué : vérifiez le port et le type de sécurité (SSL/TLS ou STARTTLS)."
MSG_NO_STARTTLS = "Le serveur ne propose pas STARTTLS sur ce port : choisissez SSL/TLS (port 993)."
MSG_TIMEOUT = "Délai dépassé : le serveur IMAP ne répond pas."
MSG_DROPPED = "Le serveur a coupé la connexion pendant la lecture. Nouvel essai automatique."
MSG_NO_INBOX = "Dossier de réception (INBOX) introuvable sur ce serveur."
MSG_PROTOCOL = "Le serveur IMAP a répondu de façon inattendue. Nouvel essai automatique."
MSG_LOCAL_HOST = "Ce serveur n'est pas autorisé : indiquez le serveur IMAP public de votre fournisseur."
MSG_PLAINTEXT = "Une connexion sans chiffrement n'est pas autorisée : choisissez SSL/TLS ou STARTTLS."

# Words of a refused LOGIN that mean « IMAP is switched off », not « wrong password » (Gmail:
# "Your account is not enabled for IMAP use"; Outlook: "basic authentication is disabled"…).
IMAP_DISABLED_HINTS = ("not enabled for imap", "imap is disabled", "imap access is disabled", "imap disabled")


class ImapFailure(Exception):
    """A French, password-free explanation of what went wrong."""

    def __init__(self, message: str, *, kind: str):
        super().__init__(message)
        self.message = message
        self.kind = kind  # password | imap_disabled | unreachable | certificate | tls | timeout | dropped | protocol


@dataclass(frozen=True)
class ImapSettings:
    host: str
    port: int
    security: str  # "tls" | "starttls" | "none"
    address: str
    password: str

    def __repr__(self) -> str:  # never the password
        return (
            f"ImapSettings(host={self.host!r}, port={self.port}, security={self.security!r}, address={self.address!r})"
        )


@dataclass(frozen=True)
class FetchedMail:
    uid: int
    size: int
    raw: bytes  # the whole message, or only its header when it is over the size cap
    headers_only: bool


class _RawMessage(MailMessage):
    """imap-tools' message class keeping the raw bytes (we parse with emails.mime, once)."""

    def __init__(self, fetch_data: list) -> None:
        raw, raw_uid, raw_flags = self._get_message_data_parts(fetch_data)
        self._raw_uid_data = raw_uid
        self._raw_flag_data = raw_flags
        self.raw = raw

    @property
    def obj(self):  # pragma: no cover - only the raw bytes are used
        import email

        return email.message_from_bytes(self.raw)


class _Tls(MailBox):
    email_message_class = _RawMessage


class _StartTls(MailBoxStartTls):
    email_message_class = _RawMessage


class _Plain(MailBoxUnencrypted):
    email_message_class = _RawMessage


def local_hosts_allowed() -> bool:
    """Servers on this machine or its private network (and plain IMAP) are for development and tests."""
    return bool(getattr(settings, "EMAILS_IMAP_ALLOW_LOCAL", settings.DEBUG))


def _ssl_context() -> ssl.SSLContext:
    context = ssl.create_default_context()
    ca_file = getattr(settings, "EMAILS_IMAP_CA_FILE", "")
    if ca_file:
        context.load_verify_locations(cafile=ca_file)
    return context


def check_host(host: str, port: int, security: str) -> None:
    """Refuse what would let an account probe the server's own network (unless allowed locally)."""
    if local_hosts_allowed():
        return
    if security == "none":
        raise ImapFailure(MSG_PLAINTEXT, kind="protocol")
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        raise ImapFailure(MSG_UNKNOWN_HOST.format(host=host), kind="unreachable") from None
    for info in infos:
        address = ipaddress.ip_address(info[4][0].split("%")[0])
        if not address.is_global:
            raise ImapFailure(MSG_LOCAL_HOST, kind="unreachable")


def _translate(error: BaseException, *, host: str) -> ImapFailure:
    """The French state of a low-level failure (never including the password: none is in these)."""
    if isinstance(error, ImapFailure):
        return error
    if isinstance(error, MailboxLoginError):
        text = str(error).lower()
        if any(hint in text for hint in IMAP_DISABLED_HINTS):
            return ImapFailure(MSG_IMAP_DISABLED, kind="imap_disabled")
        return ImapFailure(MSG_PASSWORD, kind="password")
    if isinstance(error, MailboxStarttlsError):
        return ImapFailure(MSG_NO_STARTTLS, kind="tls")
    if isinstance(error, (MailboxFolderSelectError, MailboxFolderStatusError)):
        return ImapFailure(MSG_NO_INBOX, kind="protocol")
    if isinstance(error, ssl.SSLCertVerificationError):
        return ImapFailure(MSG_CERTIFICATE.format(host=host), kind="certificate")
    if isinstance(error, ssl.SSLError):
        return ImapFailure(MSG_TLS, kind="tls")
    if isinstance(error, (TimeoutError, socket.timeout)):
        return ImapFailure(MSG_TIMEOUT, kind="timeout")
    if isinstance(error, socket.gaierror):
        return ImapFailure(MSG_UNKNOWN_HOST.format(host=host), kind="unreachable")
    if isinstance(error, imaplib.IMAP4.abort | EOFError | ConnectionResetError | BrokenPipeError):
        return ImapFailure(MSG_DROPPED, kind="dropped")
    if isinstance(error, (ConnectionRefusedError, OSError)):
        return ImapFailure(MSG_UNREACHABLE, kind="unreachable")
    if isinstance(error, (imaplib.IMAP4.error, UnexpectedCommandStatusError)):
        text = str(error).lower()
        if "login" in text or "authenticat" in text:
            if any(hint in text for hint in IMAP_DISABLED_HINTS):
                return ImapFailure(MSG_IMAP_DISABLED, kind="imap_disabled")
            return ImapFailure(MSG_PASSWORD, kind="password")
        return ImapFailure(MSG_PROTOCOL, kind="protocol")
    return ImapFailure(MSG_PROTOCOL, kind="protocol")


class ImapSession:
    """One logged-in, read-only view of the INBOX. Use as a context manager."""

    def __init__(self, imap: ImapSettings, *, timeout: float = CONNECT_TIMEOUT):
        self.imap = imap
        self.timeout = timeout
        self.box = None
        self.uidvalidity = 0
        self.uidnext = 0
        self.messages = 0

    def __enter__(self) -> ImapSession:
        imap = self.imap
        check_host(imap.host, imap.port, imap.security)
        try:
            if imap.security == "tls":
                box = _Tls(imap.host, imap.port, timeout=self.timeout, ssl_context=_ssl_context())
            elif imap.security == "starttls":
                box = _StartTls(imap.host, imap.port, timeout=self.timeout, ssl_context=_ssl_context())
            else:
                box = _Plain(imap.host, imap.port, timeout=self.timeout)
            self.box = box
            box.login(imap.address, imap.password, initial_folder=None)
            status = box.folder.status(FOLDER, ("MESSAGES", "UIDNEXT", "UIDVALIDITY"))
            box.folder.set(FOLDER, readonly=True)  # EXAMINE: the server changes no flag
        except Exception as error:  # noqa: BLE001 - every failure becomes a French state
            self._close()
            failure = _translate(error, host=imap.host)
            logger.info("IMAP %s:%s for %s: %s", imap.host, imap.port, imap.address, failure.kind)
            raise failure from None
        self.uidvalidity = int(status.get("UIDVALIDITY", 0))
        self.uidnext = int(status.get("UIDNEXT", 0))
        self.messages = int(status.get("MESSAGES", 0))
        return self

    def __exit__(self, *exc) -> None:
        self._close()

    def _close(self) -> None:
        if self.box is None:
            return
        try:
            self.box.logout()
        except Exception:  # noqa: BLE001 - the server may already be gone
            try:
                self.box.client.shutdown()
            except Exception:  # noqa: BLE001, S110
                pass
        self.box = None

    def uids_after(self, last_uid: int) -> list[int]:
        """UIDs above ``last_uid``, ascending (« n:* » always names the last message: filtered)."""
        return self._guard(lambda: sorted(u for u in map(int, self.box.uids(f"UID {last_uid + 1}:*")) if u > last_uid))

    def uids_since(self, day: date) -> list[int]:
        return self._guard(lambda: sorted(map(int, self.box.uids(A(date_gte=day)))))

    def fetch(self, uids: list[int], *, max_size: int, bulk: int = 50) -> Iterator[FetchedMail]:
        """The messages of ``uids`` (BODY.PEEK: never marked read); one over ``max_size`` bytes comes
        with its header only. Sizes are read first with the headers, in one round trip per ``bulk``."""
        for start in range(0, len(uids), bulk):
            chunk = [str(u) for u in uids[start : start + bulk]]
            heads = self._guard(
                lambda chunk=chunk: {
                    int(m.uid): m for m in self.box.fetch(uid_list=chunk, mark_seen=False, headers_only=True, bulk=True)
                }
            )
            small = [str(u) for u, m in heads.items() if m.size_rfc822 <= max_size]
            bodies = {}
            if small:
                bodies = self._guard(
                    lambda small=small: {
                        int(m.uid): m for m in self.box.fetch(uid_list=small, mark_seen=False, bulk=True)
                    }
                )
            for uid in sorted(heads):
                head = heads[uid]
                body = bodies.get(uid)
                if body is not None:
                    yield FetchedMail(uid=uid, size=head.size_rfc822, raw=body.raw, headers_only=False)
                else:
                    yield FetchedMail(uid=uid, size=head.size_rfc822, raw=head.raw, headers_only=True)

    def _guard(self, call):
        try:
            return call()
        except Exception as error:  # noqa: BLE001
            failure = _translate(error, host=self.imap.host)
            logger.info("IMAP %s for %s failed: %s", self.imap.host, self.imap.address, failure.kind)
            raise failure from None


def login_check(imap: ImapSettings, *, timeout: float = CONNECT_TIMEOUT) -> int:
    """Log in and open the INBOX read-only; the number of messages in it. Raises ImapFailure."""
    with ImapSession(imap, timeout=timeout) as session:
        return session.messages
