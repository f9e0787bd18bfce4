"""The client's network address, right behind a reverse proxy (README, "Production").

Behind nginx or a load balancer `REMOTE_ADDR` is the proxy's address for everyone, so a limit
keyed on it is site-wide: one guesser locks every school out. One setting, `TRUSTED_PROXIES`,
says what stands in front of gunicorn, and every limit reads the address through
`client_address` (django-axes by `AXES_CLIENT_IP_CALLABLE`, the app's throttles by
`classroom/throttle.py`):

- unset (the default): no proxy; the address is `REMOTE_ADDR`;
- a number N: N proxies in front, each appending to `X-Forwarded-For`; the client is the Nth
  address from its right (a client's own made-up entries lie further left and are never read);
- a comma-separated list of addresses or networks (`10.0.0.2, 172.16.0.0/12`): a request from
  one of them is read from `X-Forwarded-For`, from the right, skipping the trusted ones.

An address that does not parse as one is never used: the answer falls back to `REMOTE_ADDR`.
`check --deploy` (`eleusis/web/checks.py`) and the health page say when a proxy seems present
and the setting is unset.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _parsed(value: str) -> int | tuple[Network, ...]:
    text = value.strip()
    if not text:
        return 0
    if text.isascii() and text.isdigit():
        return int(text)
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in text.split(","))


def trusted_proxies() -> int | tuple[Network, ...]:
    """The setting, read: 0 (no proxy), a count, or the trusted networks."""
    value = getattr(settings, "TRUSTED_PROXIES", "")
    if isinstance(value, int):
        return value
    if isinstance(value, list | tuple):
        value = ",".join(value)
    return _parsed(str(value))


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def _is_trusted(address: str, networks: tuple[Network, ...]) -> bool:
    ip = ipaddress.ip_address(address)
    return any(ip in network for network in networks)


def client_address(request: HttpRequest) -> str:
    """The client's address as the setting says to read it (`REMOTE_ADDR` without a proxy)."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = trusted_proxies()
    if not proxies:
        return remote
    forwarded = [part for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part.strip() for part in forwarded if part.strip()]
    if isinstance(proxies, int):
        if len(forwarded) < proxies:
            return remote  # not through every proxy: the peer is the client
        return _address(forwarded[-proxies]) or remote
    peer = _address(remote)
    if peer is None or not _is_trusted(peer, proxies):
        return remote
    for part in reversed(forwarded):
        address = _address(part)
        if address is None:
            return remote
        if not _is_trusted(address, proxies):
            return address
    return (_address(forwarded[0]) if forwarded else None) or remote


def proxy_unconfigured(request: HttpRequest) -> bool:
    """Whether this request came through a proxy that the setting does not name."""
    return bool(request.META.get("HTTP_X_FORWARDED_FOR")) and not trusted_proxies()
