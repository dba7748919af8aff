"""Flux IA settings: one file, every knob read from the environment.

With no environment at all the project runs locally: SQLite in ``var/``, Celery tasks run
in-process, a local-memory cache and e-mails printed on the console. Production sets the
variables listed in README.md. https://docs.djangoproject.com/en/6.1/ref/settings/
"""

import os
import re
import sys
from datetime import timedelta
from pathlib import Path

import environ
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()
# A local .env file is convenient for development; production uses the real environment.
env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=False)
# Local runs (no SECRET_KEY) get a fixed development key; production must set a real one.
SECRET_KEY = env.str("SECRET_KEY", default="django-insecure-flux-local-development-key-change-me")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
CORS_ALLOWED_ORIGINS = env.list("CORS_ALLOWED_ORIGINS", default=[])
FRONTEND_URL = env.str("FRONTEND_URL", default="http://127.0.0.1:8000")
# How many reverse proxies in front of Django append to X-Forwarded-For. 0 means the client
# address is REMOTE_ADDR and the header is ignored (it can be spoofed by anyone).
NUM_PROXIES = env.int("NUM_PROXIES", default=0)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework_simplejwt",
    "rest_framework_simplejwt.token_blacklist",
    "corsheaders",
    "phonenumber_field",
    "webpack_loader",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "core",
    "accounts",
    "subscriptions",
    "integrations",
    "preferences",
    "emails",
    "logistics",
    "conversations",
    "analytics",
    "catalog",
    "shop",
    "demo",
    "orders",
    "assistant",
    "payments",
    "aftersales",
    "campaigns",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

# Database: SQLite in var/ unless DATABASE_URL is set.
VAR_DIR.mkdir(exist_ok=True)
(BASE_DIR / "frontend" / "build").mkdir(exist_ok=True)
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a writer instead of failing at once, and take the write lock when a transaction
    # starts (no deadlock when two readers both try to write). The test database is a file, not
    # Django's shared in-memory one: the live server answers the browser's parallel requests from
    # several threads, and one in-memory connection shared between them returns wrong results.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 20, "transaction_mode": "IMMEDIATE"})
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-db.sqlite3")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"

# Argon2 first: new passwords are hashed with it, older hashes are upgraded at login.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {
        # Our user's fields have French names: the default attributes (username, email...) are absent.
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
        "OPTIONS": {"user_attributes": ("adresse_email", "prenom", "nom", "nom_entreprise")},
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "fr"
TIME_ZONE = "Africa/Abidjan"
USE_I18N = True
USE_TZ = True

# Static files: the webpack build writes into frontend/build/, collected with static/.
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static", BASE_DIR / "frontend" / "build"]
MEDIA_URL = "/media/"
MEDIA_ROOT = env.path("MEDIA_ROOT", default=str(VAR_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": env.str("STATICFILES_STORAGE", default="whitenoise.storage.CompressedManifestStaticFilesStorage")
    },
}
# Webpack already puts a content hash in every bundle name: whitenoise may cache them forever.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+\.[0-9a-f]{8,}\..+$"
WHITENOISE_KEEP_ONLY_HASHED_FILES = False

WEBPACK_LOADER = {
    "DEFAULT": {
        "BUNDLE_DIR_NAME": "",
        "STATS_FILE": BASE_DIR / "frontend" / "webpack-stats.json",
        "CACHE": not DEBUG,
    }
}

# Upload limits: the photo rule (5 MB) is enforced by the accounts app; these bound the request.
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200

# Cache and Celery: Redis when REDIS_URL is set, otherwise in-process.
REDIS_URL = env.str("REDIS_URL", default="")
# `make test` runs pytest in two processes (pytest-xdist): as each has its own PostgreSQL test database, each has
# its own Redis database (the URL's number + the process's index), so one process's cache.clear() never empties
# the other's queues; the Celery workers its tests start inherit it through the environment.
_xdist_process = os.environ.get("PYTEST_XDIST_WORKER", "")
if REDIS_URL and "pytest" in sys.modules and _xdist_process.startswith("gw"):
    _redis = re.match(r"^(rediss?://[^/]*)(?:/(\d+))?(.*)$", REDIS_URL)
    if _redis:
        REDIS_URL = f"{_redis[1]}/{int(_redis[2] or 0) + int(_xdist_process[2:])}{_redis[3]}"
        os.environ["REDIS_URL"] = REDIS_URL
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "flux",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Without Redis, tasks run eagerly in-process; Celery still takes a producer from its pool before
# running one, so the in-memory transport gets a host name or kombu warns "No hostname was supplied"
# on every task. Nothing connects anywhere: memory:// lives inside this process.
CELERY_BROKER_URL = REDIS_URL or "memory://localhost//"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fix-up closes the worker's database connection after every task unless told to keep
# it: a new PostgreSQL backend (fork, authentication, cold catalog caches) for every message made the
# connection a fifth of a message's cost under load. Kept, it is closed every CELERY_DB_REUSE_MAX
# tasks, and config.celery recycles it as Django does around a request (CONN_MAX_AGE, health checks).
CELERY_DB_REUSE_MAX = env.int("CELERY_DB_REUSE_MAX", default=1000)
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="flux")
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    # Customer messages stored while the broker was unreachable still get their answer.
    "whatsapp-sweep": {"task": "integrations.whatsapp.tasks.whatsapp_sweep", "schedule": 60.0},
    # Payment links left unpaid past PAYMENT_LINK_MINUTES: ask the provider, then remind once or cancel.
    "payments-expire": {"task": "payments.tasks.payments_expire", "schedule": 60.0},
    # Connected mailboxes read for new mail (each due one in its own task), then the owners' daily digests.
    "emails-sync": {"task": "emails.tasks.mailboxes_sync", "schedule": 120.0},
    "emails-digests": {"task": "emails.tasks.digests_send", "schedule": 900.0},
    # Drivers' positions older than 6 h are deleted (privacy); Driver keeps the last known one.
    "logistics-positions-prune": {"task": "logistics.tasks.positions_prune", "schedule": 3600.0},
    # An hour after delivery, each customer is asked once for a rating (aftersales).
    "aftersales-rating-requests": {"task": "aftersales.tasks.rating_requests_send", "schedule": 300.0},
    # Scheduled campaigns that are due start (one task per batch of 100 recipients).
    "campaigns-start-due": {"task": "campaigns.tasks.campaigns_start_due", "schedule": 60.0},
    # Automatic follow-ups (cart left 2 h, weekly customers), each off until the owner switches it on.
    "campaigns-follow-ups": {"task": "campaigns.tasks.follow_ups_send", "schedule": 600.0},
    # Customers' voice notes are kept 30 days (their transcripts stay with the messages).
    "whatsapp-media-prune": {"task": "integrations.whatsapp.tasks.whatsapp_media_prune", "schedule": 86400.0},
}

# E-mail (Django 6.1 MAILERS). EMAIL_URL takes django-environ's form: smtp://user:pass@host:587,
# smtp+tls://..., smtp+ssl://...; without it, mails are printed on the console.
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Flux IA <no-reply@flux-ia.local>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_URL = env.str("EMAIL_URL", default="")


def _mailer_from_url(url: str) -> dict:
    if not url:
        return {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    parsed = environ.Env.email_url_config(url)
    options = {
        "host": parsed.get("EMAIL_HOST"),
        "port": parsed.get("EMAIL_PORT"),
        "username": parsed.get("EMAIL_HOST_USER") or None,
        "password": parsed.get("EMAIL_HOST_PASSWORD") or None,
        "use_tls": bool(parsed.get("EMAIL_USE_TLS")),
        "use_ssl": bool(parsed.get("EMAIL_USE_SSL")),
        "timeout": env.int("EMAIL_TIMEOUT", default=10),
    }
    return {"BACKEND": parsed["EMAIL_BACKEND"], "OPTIONS": options}


MAILERS = {"default": _mailer_from_url(EMAIL_URL)}

# The e-mail assistant's IMAP reader (emails/imap.py): private and loopback hosts and plain IMAP only in
# development (an account must not probe our own network), an extra CA file, and the mails read per run.
EMAILS_IMAP_ALLOW_LOCAL = env.bool("EMAILS_IMAP_ALLOW_LOCAL", default=DEBUG)
EMAILS_IMAP_CA_FILE = env.str("EMAILS_IMAP_CA_FILE", default="")
EMAILS_SYNC_MAX_PER_RUN = env.int("EMAILS_SYNC_MAX_PER_RUN", default=200)

# Django REST framework and the one error shape (config/exceptions.py).
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # simplejwt's class plus the logout denylist and the deactivated-account check.
        "accounts.authentication.JWTAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        # DRF's JSON parser with bounds on depth (a deep body was a RecursionError), numbers and size.
        "core.parsers.JsonParser",
        "rest_framework.parsers.MultiPartParser",
        "rest_framework.parsers.FormParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "core.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "config.exceptions.api_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "NUM_PROXIES": NUM_PROXIES,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SIMPLE_JWT = {
    "ACCESS_TOKEN_LIFETIME": timedelta(minutes=env.int("ACCESS_TOKEN_MINUTES", default=15)),
    "REFRESH_TOKEN_LIFETIME": timedelta(days=7),
    "ROTATE_REFRESH_TOKENS": True,
    "BLACKLIST_AFTER_ROTATION": True,
    "UPDATE_LAST_LOGIN": True,
    "AUTH_HEADER_TYPES": ("Bearer",),
    "USER_ID_FIELD": "id",
    "USER_ID_CLAIM": "user_id",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Flux IA API",
    "DESCRIPTION": "API de Flux IA : comptes, abonnements, intégrations et tableau de bord.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # The errors every operation can answer (400, 401, 403, 404, 415), in DESIGN.md's shape.
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "core.schema.document_error_responses"],
    # Several dashboard models have a "status" choice set: name each enum after its model.
    "ENUM_NAME_OVERRIDES": {
        "DeliveryStatusEnum": "logistics.models.DeliveryStatus",
        "ConversationStatusEnum": "conversations.models.ConversationStatus",
        "ChatMessageStatusEnum": "conversations.models.MessageStatus",
        "OrderStatusEnum": "orders.models.OrderStatus",
        "PaymentMethodEnum": "shop.models.PaymentCode",
        "ChecklistItemCodeEnum": ["products", "delivery_zones", "whatsapp"],
        "ShopVersionSourceEnum": ["put", "import", "restore", "dashboard", "demo"],
        "OrderSourceEnum": "orders.models.OrderSource",
        "MessageKindEnum": "conversations.models.MessageKind",
        "DeliveryStepKindEnum": "logistics.models.StepKind",
        "CampaignStatusEnum": "campaigns.models.CampaignStatus",
        "CampaignRecipientStateEnum": "campaigns.models.RecipientState",
    },
}

# Content Security Policy (Django 6 built-in). The Swagger page and the WhatsApp panel widen it
# per view with django.views.decorators.csp.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:", "blob:"],
    "font-src": [CSP.SELF],
    "media-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "strict-origin-when-cross-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

if not DEBUG:
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
    SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=True)
    CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
if env.bool("USE_X_FORWARDED_PROTO", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": "INFO"},
    "loggers": {
        "django": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO"), "propagate": False},
        "flux": {"handlers": ["console"], "level": env.str("FLUX_LOG_LEVEL", default="INFO"), "propagate": False},
    },
}

# Outside services: each stays off until its settings are present.
WHATSAPP_TOKEN_WEBHOOK_URL = env.str("WHATSAPP_TOKEN_WEBHOOK_URL", default="")
# Seconds for the whole exchange with that webhook (SPEC.md: 10 s).
WHATSAPP_WEBHOOK_TIMEOUT = env.float("WHATSAPP_WEBHOOK_TIMEOUT", default=10.0)
# Fernet key(s), comma-separated, newest first, encrypting the stored WhatsApp tokens. Unset, a key
# is derived from SECRET_KEY (local runs); production with the webhook set refuses to start without
# one (integrations/configuration.py).
WHATSAPP_TOKEN_KEY = env.str("WHATSAPP_TOKEN_KEY", default="")
FACEBOOK_APP_ID = env.str("FACEBOOK_APP_ID", default="")
FACEBOOK_CONFIG_ID = env.str("FACEBOOK_CONFIG_ID", default="")

# WhatsApp Cloud API (integrations/whatsapp). The app secret signs Meta's webhook POSTs and exchanges
# Embedded Signup codes; the verify token answers Meta's GET verification. The Graph URL must be
# https except on loopback hosts (local fakes): integrations/configuration.py refuses anything else.
FACEBOOK_APP_SECRET = env.str("FACEBOOK_APP_SECRET", default="")
WHATSAPP_VERIFY_TOKEN = env.str("WHATSAPP_VERIFY_TOKEN", default="")
WHATSAPP_GRAPH_URL = env.str("WHATSAPP_GRAPH_URL", default="https://graph.facebook.com")
WHATSAPP_GRAPH_VERSION = env.str("WHATSAPP_GRAPH_VERSION", default="v23.0")
WHATSAPP_GRAPH_TIMEOUT = env.float("WHATSAPP_GRAPH_TIMEOUT", default=15.0)
# First backoff delay (seconds) before retrying a 5xx/429/network failure; doubled each time, 3 retries.
WHATSAPP_GRAPH_RETRY_DELAY = env.float("WHATSAPP_GRAPH_RETRY_DELAY", default=0.5)
# Dotted path of the callable that answers a customer's message (the assistant engine); when it
# cannot be imported the assistant stays silent (conversations/replies.py).
# Seconds a worker keeps a conversation to itself (a killed worker's claim expires after this).
# A webhook delivery queues the task that stores inbound events only if none has been waiting for
# less than this (integrations.whatsapp.tasks.whatsapp_inbound_store_schedule).
WHATSAPP_INBOUND_SCHEDULE_SECONDS = env.int("WHATSAPP_INBOUND_SCHEDULE_SECONDS", default=10)
WHATSAPP_CONVERSATION_LOCK_SECONDS = env.int("WHATSAPP_CONVERSATION_LOCK_SECONDS", default=60)
WHATSAPP_RESPONDER = env.str("WHATSAPP_RESPONDER", default="assistant.services.assistant_answer")
CONVERSATION_TRANSPORT = "integrations.whatsapp.transport.WhatsAppTransport"  # conversations/transport.py
# Embedded runtime (no REDIS_URL: Celery runs tasks in-process): Meta's webhook gets its 200 first and
# the assistant answers after the response, in one background thread of the web process
# (integrations/whatsapp/background.py, docs/runtime.md). No effect when a worker runs the tasks.
# Off by default under pytest, whose tests expect the answer within the request (one turns it on).
WHATSAPP_ANSWER_AFTER_RESPONSE = env.bool(
    "WHATSAPP_ANSWER_AFTER_RESPONSE", default=not REDIS_URL and "pytest" not in sys.modules
)

# Optional OpenAI-compatible chat-completions provider (assistant/llm.py). Empty: the embedded engine alone.
ASSISTANT_LLM_URL = env.str("ASSISTANT_LLM_URL", default="")
ASSISTANT_LLM_MODEL = env.str("ASSISTANT_LLM_MODEL", default="")
ASSISTANT_LLM_API_KEY = env.str("ASSISTANT_LLM_API_KEY", default="")
# The whole budget of one reply, retries included; past it the embedded engine's reply goes out.
ASSISTANT_LLM_TIMEOUT = env.float("ASSISTANT_LLM_TIMEOUT", default=6.0)

# Optional OpenAI-compatible speech-to-text provider for voice notes (assistant/stt.py). Empty: the local model
# below, else the request to type. One call, no retry: past the timeout the customer is asked to type.
ASSISTANT_STT_URL = env.str("ASSISTANT_STT_URL", default="")
ASSISTANT_STT_MODEL = env.str("ASSISTANT_STT_MODEL", default="")
ASSISTANT_STT_API_KEY = env.str("ASSISTANT_STT_API_KEY", default="")
ASSISTANT_STT_TIMEOUT = env.float("ASSISTANT_STT_TIMEOUT", default=10.0)
# Without a provider, voice notes are transcribed on this server by the Whisper base model shipped in a PyPI
# package (assistant/stt_local.py, faster-whisper, CPU int8); false (or the packages absent): the request to type.
ASSISTANT_STT_LOCAL = env.bool("ASSISTANT_STT_LOCAL", default=True)
# Seconds the local model may take for one note (checked between 30 s windows); past it, the request to type.
ASSISTANT_STT_LOCAL_TIMEOUT = env.float("ASSISTANT_STT_LOCAL_TIMEOUT", default=30.0)
WHATSAPP_VOICE_MAX_BYTES = env.int("WHATSAPP_VOICE_MAX_BYTES", default=16 * 1024 * 1024)
WHATSAPP_VOICE_MAX_SECONDS = env.int("WHATSAPP_VOICE_MAX_SECONDS", default=300)

# Dotted path of the callable that moves a delivery dispatched from an order when the Logistique
# page changes its status: the order goes through its lifecycle (and the customer hears of it), the
# delivery follows (logistics/services.py ``delivery_status_change_by_owner``; logistics cannot
# import orders, which imports it).
LOGISTICS_ORDER_MOVER = "orders.services.order_follow_delivery_change"

# One-time codes by phone (accounts/channels.py). The platform's own WhatsApp number sends them as
# an authentication template (body parameter + copy-code button): its phone number id, a permanent
# token of that number's Meta app, and the approved template's name and language. With none of the
# three set, codes are only logged (the embedded default); a half-configured sender refuses to start
# (accounts/apps.py). PHONE_CODE_SENDER overrides the channel with any dotted-path callable.
PLATFORM_WHATSAPP_PHONE_NUMBER_ID = env.str("PLATFORM_WHATSAPP_PHONE_NUMBER_ID", default="")
PLATFORM_WHATSAPP_TOKEN = env.str("PLATFORM_WHATSAPP_TOKEN", default="")
PLATFORM_WHATSAPP_AUTH_TEMPLATE = env.str("PLATFORM_WHATSAPP_AUTH_TEMPLATE", default="")
PLATFORM_WHATSAPP_AUTH_LANGUAGE = env.str("PLATFORM_WHATSAPP_AUTH_LANGUAGE", default="fr")
_WHATSAPP_CODE_SENDER = "integrations.whatsapp.auth_codes.auth_code_send"
PHONE_CODE_SENDER = env.str(
    "PHONE_CODE_SENDER",
    default=_WHATSAPP_CODE_SENDER if PLATFORM_WHATSAPP_PHONE_NUMBER_ID else "accounts.channels.log_channel",
)
# Seconds before Redis hands a task that was never acknowledged (its worker died) to another worker.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=3600)}

# Mobile-money payment links (payments app, docs/payments.md). Base URLs: https only, plain http
# only for loopback fakes (checked at start). Shops enter their own merchant credentials in
# « Ma boutique »; the PLATFORM_* credentials are Flux IA's own account, for owners' plan upgrades.
CINETPAY_URL = env.str("CINETPAY_URL", default="https://api-checkout.cinetpay.com")
WAVE_URL = env.str("WAVE_URL", default="https://api.wave.com")
PAYMENT_TIMEOUT = env.float("PAYMENT_TIMEOUT", default=15.0)
# Minutes a payment link stays payable; then the customer is reminded once, then the order cancelled.
PAYMENT_LINK_MINUTES = env.int("PAYMENT_LINK_MINUTES", default=30)
# Where the providers post their notifications (this app's public https address).
PAYMENT_NOTIFY_BASE_URL = env.str("PAYMENT_NOTIFY_BASE_URL", default=FRONTEND_URL)
PLATFORM_PAYMENT_PROVIDER = env.str("PLATFORM_PAYMENT_PROVIDER", default="")  # "cinetpay" or "wave"; empty: off
PLATFORM_CINETPAY_API_KEY = env.str("PLATFORM_CINETPAY_API_KEY", default="")
PLATFORM_CINETPAY_SITE_ID = env.str("PLATFORM_CINETPAY_SITE_ID", default="")
PLATFORM_CINETPAY_SECRET_KEY = env.str("PLATFORM_CINETPAY_SECRET_KEY", default="")
PLATFORM_WAVE_API_KEY = env.str("PLATFORM_WAVE_API_KEY", default="")
PLATFORM_WAVE_WEBHOOK_SECRET = env.str("PLATFORM_WAVE_WEBHOOK_SECRET", default="")
