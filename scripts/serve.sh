#!/usr/bin/env bash
# `make run`: serve the app to the classroom's network, so students' own devices reach it.
#
# Binds every interface (BIND=127.0.0.1 keeps it to this machine), finds the machine's LAN address
# and answers whatever name a device uses; the join link, the QR code, the login cards and the
# password-reset mail carry that address.
# Served to a network, nothing weakens: DEBUG is off (no debug pages for anyone), static files come
# from WhiteNoise, the secret key is random (kept in .secret_key), the demo teacher's password is
# new and random each run, and gunicorn serves, not Django's development server.
# With REDIS_URL set, a Celery worker runs beside it. Logs: warnings and errors only.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
PORT="${PORT:-8000}"
BIND="${BIND:-0.0.0.0}"

if [ "$BIND" = "0.0.0.0" ]; then
  ADDRESS="${LAN_ADDRESS:-$("$BIN/python" -m eleusis.lan)}"
else
  ADDRESS="$BIND"
fi
if [ -z "${SECRET_KEY:-}" ]; then
  if [ ! -s .secret_key ]; then
    (umask 077 && "$BIN/python" -c 'import secrets; print(secrets.token_urlsafe(50))' >.secret_key)
  fi
  SECRET_KEY="$(cat .secret_key)"
fi

export DEBUG=0
export HTTPS=0  # plain HTTP on the school's own network: cookies cannot be marked secure
export SECRET_KEY
export SITE_URL="http://${ADDRESS}:${PORT}"
hosts="${ADDRESS},localhost,127.0.0.1,[::1]"
origins="http://${ADDRESS}:${PORT},http://localhost:${PORT},http://127.0.0.1:${PORT}"
name="$(hostname 2>/dev/null || true)"
if [ -n "$name" ]; then
  hosts="${hosts},${name},${name}.local"
  origins="${origins},http://${name}:${PORT},http://${name}.local:${PORT}"
fi
# Served to the network, any host name reaches the app: a device may know the machine by another
# of its addresses, its name, or a forwarded port. Nothing the app writes trusts that name: its
# links (join link, QR code, login cards, password-reset mail) are built on SITE_URL.
if [ "$BIND" = "0.0.0.0" ]; then hosts="*"; fi
export ALLOWED_HOSTS="${ALLOWED_HOSTS:-$hosts}"
export CSRF_TRUSTED_ORIGINS="${CSRF_TRUSTED_ORIGINS:-$origins}"
export LOG_LEVEL="${LOG_LEVEL:-WARNING}"

"$BIN/python" manage.py migrate --noinput -v 0
"$BIN/python" manage.py collectstatic --noinput -v 0
"$BIN/python" manage.py demo

if [ -n "${REDIS_URL:-}" ]; then
  WORKER_NICE="${WORKER_NICE:-10}" "$BIN/celery" -A eleusis.celery worker --loglevel=WARNING --concurrency=2 --without-mingle \
    --without-gossip >celery-worker.log 2>&1 &
  worker=$!
  trap 'kill "$worker" 2>/dev/null || true; wait "$worker" 2>/dev/null || true' EXIT INT TERM
fi

echo
echo "Eleusis Classroom is served on this machine's network."
echo "  Students (same Wi-Fi): open http://${ADDRESS}:${PORT}/join/ and type the class code"
echo "  Teacher: http://${ADDRESS}:${PORT}/ (or http://127.0.0.1:${PORT}/ on this machine)"
if [ "$ADDRESS" = "127.0.0.1" ]; then
  echo "  No network was found: only this machine can reach the app."
fi
echo "  Stop with Ctrl-C."
echo
# Without Redis the cache is each process's own memory, and what live pages share lives in it
# (the tables' change stamps, the sessions' cache, the limits): one process then holds all of it,
# so every page sees every change at its next poll. Two processes otherwise, sharing Redis: one
# class on a laptop leaves the cores idle, and each process builds its own caches as it boots
# (eleusis/warm.py). Threads answer the class's polls; a round's review runs in one of them.
if [ -n "${REDIS_URL:-}" ]; then WORKERS=2; else WORKERS=1; fi
# A short graceful stop: the polls a stop interrupts are asked again by the pages anyway.
"$BIN/gunicorn" eleusis.wsgi --bind "${BIND}:${PORT}" --worker-class gthread --workers "$WORKERS" \
  --threads 16 --graceful-timeout 3 --log-level warning --error-logfile - &
server=$!
stop() {
  trap - EXIT INT TERM
  kill "$server" 2>/dev/null || true
  [ -z "${worker:-}" ] || kill "$worker" 2>/dev/null || true
  # Waited for, so the port is free when this script ends and `make run` can start again at once.
  wait "$server" 2>/dev/null || true
  [ -z "${worker:-}" ] || wait "$worker" 2>/dev/null || true
}
trap stop EXIT INT TERM
wait "$server"
