#!/usr/bin/env bash
# Serve the app on 127.0.0.1:$PORT; with REDIS_URL set, also run a Celery worker beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8000}"
BIN=.venv/bin
if [ -n "${REDIS_URL:-}" ]; then
  "$BIN/celery" -A eleusis.celery worker --loglevel=INFO --concurrency=2 &
  worker=$!
  trap 'kill $worker 2>/dev/null || true' EXIT INT TERM
fi
echo "Eleusis Classroom on http://127.0.0.1:${PORT}/"
"$BIN/python" manage.py runserver "127.0.0.1:${PORT}"
