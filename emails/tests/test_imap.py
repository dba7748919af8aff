"""emails.imap against a real Dovecot: logins and their French errors, TLS and the certificate
check, read-only fetching (no \\Seen set), and small real servers for what Dovecot will not do
(hang, drop the line, refuse IMAP)."""

import logging
import socket
import socketserver
import threading
from datetime import UTC, datetime, timedelta

import pytest

from emails import imap
from emails.tests import samples


def settings_for(dovecot, address, password, *, security="none", port=None) -> imap.ImapSettings:
    port = port or (dovecot.tls_port if security == "tls" else dovecot.port)
    return imap.ImapSettings(host="127.0.0.1", port=port, security=security, address=address, password=password)


def failure_of(imap_settings, **kwargs) -> imap.ImapFailure:
    with pytest.raises(imap.ImapFailure) as caught:
        imap.login_check(imap_settings, **kwargs)
    return caught.value


def test_a_good_login_counts_the_inbox(dovecot):
    address, password = dovecot.new_user()
    dovecot.append(address, password, [samples.plain(), samples.html_only()])

    assert imap.login_check(settings_for(dovecot, address, password)) == 2


def test_a_wrong_password_is_refused_in_french_and_never_logged(dovecot, caplog):
    address, password = dovecot.new_user()
    wrong = "Faux-Mot-De-Passe-123"
    caplog.set_level(logging.DEBUG)

    failure = failure_of(settings_for(dovecot, address, wrong))

    assert failure.kind == "password"
    assert failure.message == imap.MSG_PASSWORD
    assert wrong not in caplog.text and wrong not in repr(settings_for(dovecot, address, wrong))
    assert password not in caplog.text


def test_a_closed_port_is_unreachable(dovecot):
    port = dovecot.port
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    assert closed != port

    failure = failure_of(imap.ImapSettings("127.0.0.1", closed, "none", "a@example.ci", "x"))

    assert failure.kind == "unreachable" and failure.message == imap.MSG_UNREACHABLE


def test_tls_works_with_a_trusted_certificate(dovecot):
    address, password = dovecot.new_user()

    assert imap.login_check(settings_for(dovecot, address, password, security="tls")) == 0


def test_starttls_works_on_the_plain_port(dovecot):
    address, password = dovecot.new_user()

    assert imap.login_check(settings_for(dovecot, address, password, security="starttls", port=dovecot.port)) == 0


def test_an_untrusted_certificate_is_named(dovecot, settings):
    settings.EMAILS_IMAP_CA_FILE = ""  # the self-signed certificate is no longer trusted
    address, password = dovecot.new_user()

    failure = failure_of(settings_for(dovecot, address, password, security="tls"))

    assert failure.kind == "certificate"
    assert failure.message == imap.MSG_CERTIFICATE.format(host="127.0.0.1")


def test_tls_on_the_plain_port_explains_the_port(dovecot):
    address, password = dovecot.new_user()

    failure = failure_of(settings_for(dovecot, address, password, security="tls", port=dovecot.port))

    assert failure.kind == "tls" and failure.message == imap.MSG_TLS


def test_local_servers_and_plain_imap_are_refused_outside_development(settings):
    settings.EMAILS_IMAP_ALLOW_LOCAL = False

    assert failure_of(imap.ImapSettings("127.0.0.1", 993, "tls", "a@example.ci", "x")).message == imap.MSG_LOCAL_HOST
    assert failure_of(imap.ImapSettings("10.1.2.3", 993, "tls", "a@example.ci", "x")).message == imap.MSG_LOCAL_HOST
    assert failure_of(imap.ImapSettings("imap.example.ci", 143, "none", "a@x.ci", "x")).message == imap.MSG_PLAINTEXT


class _Server:
    """A small real TCP server on 127.0.0.1 speaking just enough IMAP for one failure."""

    def __init__(self, handler):
        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                handler(self)

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def tiny_server(settings):
    settings.EMAILS_IMAP_ALLOW_LOCAL = True
    servers = []

    def start(handler):
        server = _Server(handler)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


def _imap_until_login(request, on_login):
    """Greet, answer CAPABILITY, then let ``on_login`` answer the LOGIN."""
    request.wfile.write(b"* OK ready\r\n")
    for line in request.rfile:
        tag, _, command = line.partition(b" ")
        if command.upper().startswith(b"CAPABILITY"):
            request.wfile.write(b"* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n" + tag + b" OK done\r\n")
        elif command.upper().startswith(b"LOGIN"):
            on_login(request, tag)
            return
        else:
            request.wfile.write(tag + b" BAD unknown\r\n")


def _refuse_imap(request):
    def refuse(request, tag):
        request.wfile.write(tag + b" NO [ALERT] Your account is not enabled for IMAP use.\r\n")
        request.rfile.readline()

    _imap_until_login(request, refuse)


def _hang(request):
    threading.Event().wait(5)


def _greet_then_drop(request):
    _imap_until_login(request, lambda request, tag: request.connection.shutdown(socket.SHUT_RDWR))


def test_imap_switched_off_at_the_provider_is_told_apart_from_a_wrong_password(tiny_server):
    server = tiny_server(_refuse_imap)

    failure = failure_of(imap.ImapSettings("127.0.0.1", server.port, "none", "a@example.ci", "x"))

    assert failure.kind == "imap_disabled" and failure.message == imap.MSG_IMAP_DISABLED


def test_a_server_that_never_answers_times_out(tiny_server):
    server = tiny_server(_hang)

    failure = failure_of(imap.ImapSettings("127.0.0.1", server.port, "none", "a@example.ci", "x"), timeout=0.5)

    assert failure.kind == "timeout" and failure.message == imap.MSG_TIMEOUT


def test_a_server_that_drops_the_line(tiny_server):
    server = tiny_server(_greet_then_drop)

    failure = failure_of(imap.ImapSettings("127.0.0.1", server.port, "none", "a@example.ci", "x"))

    assert failure.kind == "dropped" and failure.message == imap.MSG_DROPPED


def test_fetching_never_marks_a_message_read(dovecot):
    address, password = dovecot.new_user()
    dovecot.append(address, password, [samples.plain(), samples.with_attachments()])
    dovecot.append(address, password, [samples.newsletter()], flags=("\\Seen",))
    before = dovecot.flags(address, password)
    assert sorted(before.values()) == [(), (), ("\\Seen",)]

    with imap.ImapSession(settings_for(dovecot, address, password)) as session:
        uids = session.uids_after(0)
        mails = list(session.fetch(uids, max_size=10_000_000))

    assert [m.uid for m in mails] == uids == sorted(before)
    assert all(m.raw.startswith(b"Subject:") or b"\r\nSubject:" in m.raw or b"\nSubject:" in m.raw for m in mails)
    assert dovecot.flags(address, password) == before


def test_uids_after_and_since(dovecot):
    address, password = dovecot.new_user()
    old = datetime.now(UTC) - timedelta(days=30)
    dovecot.append(address, password, [samples.plain(subject="Ancien")], when=old)
    dovecot.append(address, password, [samples.plain(subject="Récent 1"), samples.plain(subject="Récent 2")])

    with imap.ImapSession(settings_for(dovecot, address, password)) as session:
        assert session.uids_after(0) == [1, 2, 3]
        assert session.uids_after(2) == [3]
        assert session.uids_after(3) == []  # « 4:* » names the last message: filtered out
        assert session.uids_since((datetime.now(UTC) - timedelta(days=14)).date()) == [2, 3]
        assert session.uidvalidity == dovecot.uidvalidity(address)


def test_a_mail_over_the_size_cap_comes_with_its_header_only(dovecot):
    address, password = dovecot.new_user()
    dovecot.append(address, password, [samples.huge(2), samples.plain()])

    with imap.ImapSession(settings_for(dovecot, address, password)) as session:
        big, small = list(session.fetch(session.uids_after(0), max_size=1_000_000))

    assert big.headers_only and big.size > 2_000_000 and len(big.raw) < 10_000
    assert not small.headers_only and len(small.raw) == small.size
