"""The machine's address on the local network, which the students' devices use to reach the app
that `make run` serves (`python -m eleusis.lan` prints it).

The address of the interface the default route leaves by (a UDP socket "connected" to a private
address sends nothing, but the system picks that interface); else an address the host name
resolves to; else 127.0.0.1, when the machine is on no network at all.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
# Where a route is asked for: private, reserved ranges, never actually sent to.
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def _by_route() -> list[str]:
    found = []
    for probe in PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                sock.connect((probe, 9))
            except OSError:
                continue
            found.append(sock.getsockname()[0])
    return found


def _by_name() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def lan_address() -> str:
    """The IPv4 address other devices on the network reach this machine at."""
    for address in [*_by_route(), *_by_name()]:
        if _usable(address):
            return address
    return LOOPBACK


if __name__ == "__main__":
    print(lan_address())
