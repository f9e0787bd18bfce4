"""Values every template may need, from one place: the longest rule text a form takes (the rule
language's own limit) and how often live pages poll (a setting)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from eleusis.engine.rules.errors import MAX_RULE_LENGTH


def limits(request: HttpRequest) -> dict[str, int]:
    return {"MAX_RULE_LENGTH": MAX_RULE_LENGTH, "POLL_INTERVAL_MS": settings.POLL_INTERVAL_MS}
