"""The project's own `check --deploy` checks (registered by `classroom.apps`)."""

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def proxy_addresses_check(app_configs=None, **kwargs):
    """Served behind a proxy (`SECURE_PROXY_SSL_HEADER` trusts one) without `TRUSTED_PROXIES`:
    every limit would count the proxy's address, for everyone at once."""
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None) and not getattr(
        settings, "TRUSTED_PROXIES", ""
    ):
        return [
            Warning(
                "A reverse proxy is trusted (SECURE_PROXY_SSL_HEADER) but TRUSTED_PROXIES is "
                "unset: log-in, class-code and picture limits will count the proxy's address "
                "for everyone.",
                hint="Set TRUSTED_PROXIES to the number of proxies in front of gunicorn (1 "
                "for one nginx) or to their addresses; see README, Production.",
                id="eleusis.W001",
            )
        ]
    return []
