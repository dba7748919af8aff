from emails.tests.dovecot import dovecot, dovecot_server  # noqa: F401 - fixtures for this package's tests
from integrations.tests.conftest import graph  # noqa: E402, F401 - the fake Graph API, for the WhatsApp push
