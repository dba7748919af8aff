"""A throwaway, real Dovecot IMAP server for the tests (Debian's dovecot-imapd, /usr/sbin/dovecot).

One server per test session, in a temporary directory: plain IMAP (and STARTTLS) on one free port
of 127.0.0.1, implicit TLS on another, with a self-signed certificate made by ``cryptography``.
Users live in a passwd-file that Dovecot re-reads when it changes, so each test makes its own
mailbox (``new_user``) and nothing leaks between tests. Messages are put in with IMAP APPEND
(imap-tools), with the INTERNALDATE the test chooses.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from imap_tools import MailBoxUnencrypted

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"
DOVEADM = shutil.which("doveadm") or "/usr/bin/doveadm"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _self_signed(folder: Path) -> tuple[Path, Path]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


CONFIG = """
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <{cert}
ssl_key = <{key}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_cache_size = 0
default_internal_user = {internal_user}
default_internal_group = {internal_group}
default_login_user = {login_user}
mail_location = maildir:{root}/mail/%u
first_valid_uid = 0
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={mail_user} gid={mail_group} home={root}/home/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {tls_port}
  }}
}}
service anvil {{
  chroot =
}}
service stats {{
  unix_listener stats-reader {{
    mode = 0666
  }}
  unix_listener stats-writer {{
    mode = 0666
  }}
}}
"""


class Dovecot:
    def __init__(self, root: Path):
        self.root = root
        self.port = _free_port()
        self.tls_port = _free_port()
        self.cert, self.key = _self_signed(root)
        self.passwd = root / "passwd"
        self._lock = threading.Lock()
        self.process: subprocess.Popen | None = None

    # --- life cycle ----------------------------------------------------------------------------

    def start(self) -> Dovecot:
        if os.geteuid() == 0:
            # Root: Debian's package users run the login and internal processes; mail is "dovecot"'s.
            internal, login, mail = "dovecot", "dovenull", "dovecot"
        else:
            internal = login = mail = pwd.getpwuid(os.getuid()).pw_name
        mail_entry = pwd.getpwnam(mail)
        for folder in ("run", "state", "mail", "home"):
            (self.root / folder).mkdir(exist_ok=True)
        for folder in ("mail", "home"):
            os.chown(self.root / folder, mail_entry.pw_uid, mail_entry.pw_gid)
        # Every user is written before the start: Dovecot notices a changed passwd-file by its
        # mtime, so users added in the same second as the previous ones could stay unknown.
        self._pool = [
            (f"boite-{n}-{secrets.token_hex(3)}@example.ci", "Mdp-" + secrets.token_urlsafe(12)) for n in range(400)
        ]
        self.passwd.write_text("".join(f"{a}:{{PLAIN}}{p}\n" for a, p in self._pool))
        self.config = self.root / "dovecot.conf"
        self.config.write_text(
            CONFIG.format(
                root=self.root,
                cert=self.cert,
                key=self.key,
                internal_user=internal,
                internal_group=internal,
                login_user=login,
                mail_user=mail,
                mail_group=mail,
                port=self.port,
                tls_port=self.tls_port,
            )
        )
        self.process = subprocess.Popen(
            [DOVECOT, "-F", "-c", str(self.config)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Dovecot stopped at start:\n{self.log()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    with socket.create_connection(("127.0.0.1", self.tls_port), timeout=0.5):
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"Dovecot did not listen within 20 s:\n{self.log()}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def log(self) -> str:
        path = self.root / "dovecot.log"
        return path.read_text(errors="replace") if path.exists() else ""

    # --- mailboxes -----------------------------------------------------------------------------

    def new_user(self) -> tuple[str, str]:
        """A fresh, empty mailbox: (address, password)."""
        with self._lock:
            return self._pool.pop()

    def append(
        self,
        address: str,
        password: str,
        raws: list[bytes],
        *,
        when: datetime.datetime | None = None,
        flags: tuple[str, ...] = (),
    ) -> None:
        """Put messages in the user's INBOX (INTERNALDATE ``when``, default now) by IMAP APPEND."""
        when = when or datetime.datetime.now(datetime.UTC)
        with MailBoxUnencrypted("127.0.0.1", self.port, timeout=30).login(address, password) as box:
            for raw in raws:
                box.append(raw, "INBOX", dt=when, flag_set=list(flags))

    def flags(self, address: str, password: str) -> dict[int, tuple[str, ...]]:
        """UID → flags, read without changing any (EXAMINE, headers PEEK)."""
        box = MailBoxUnencrypted("127.0.0.1", self.port, timeout=30)
        with box.login(address, password, initial_folder=None):
            box.folder.set("INBOX", readonly=True)
            return {
                int(m.uid): tuple(sorted(f for f in m.flags if f != "\\Recent"))
                for m in box.fetch(mark_seen=False, headers_only=True, bulk=True)
            }

    def set_uidvalidity(self, address: str, value: int) -> None:
        subprocess.run(
            [DOVEADM, "-c", str(self.config), "mailbox", "update", "--uid-validity", str(value)]
            + ["-u", address, "INBOX"],
            check=True,
            capture_output=True,
            timeout=30,
        )

    def uidvalidity(self, address: str) -> int:
        result = subprocess.run(
            [DOVEADM, "-c", str(self.config), "mailbox", "status", "-u", address, "uidvalidity", "INBOX"],
            check=True,
            capture_output=True,
            text=True,
            timeout=30,
        )
        return int(result.stdout.strip().split("=")[-1])


@pytest.fixture(scope="session")
def dovecot_server():
    """The session's Dovecot (never skipped: .ci/run installs dovecot-imapd). Its directory is made
    with tempfile (pytest's are 0700: Dovecot's unprivileged processes could not read the passwd-file)."""
    root = Path(tempfile.mkdtemp(prefix="flux-dovecot-"))
    root.chmod(0o755)
    server = Dovecot(root).start()
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def dovecot(dovecot_server, settings):
    """The Dovecot, with the app allowed to reach 127.0.0.1 and trusting its certificate."""
    settings.EMAILS_IMAP_ALLOW_LOCAL = True
    settings.EMAILS_IMAP_CA_FILE = str(dovecot_server.cert)
    return dovecot_server
