"""Every route of the site, as Django's resolver lists them: for the tests that visit them all."""

from collections.abc import Iterator

from django.urls import URLPattern, URLResolver, get_resolver


def routes(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[str]:
    """Each URL pattern's route, prefixed by the routes of the resolvers that include it."""
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            yield from routes(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)
