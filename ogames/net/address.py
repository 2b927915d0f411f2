"""Where a host is, as a player types it, and the join line a host prints.

``192.168.1.20:7878``, ``localhost``, ``[::1]:7878``, ``ws://host:7878``, or
``wss://games.example.org/ogames`` behind a reverse proxy: an :class:`Address` is the
WebSocket URL they stand for. A line pasted whole (``ogames join ADDRESS CODE``) is read
too, so that what the host shows can be copied as it is.
"""

from __future__ import annotations

import re
import socket
from dataclasses import dataclass

from ..core.errors import OgamesError

DEFAULT_PORT = 7878
#: the WebSocket path of a host (a reverse proxy may put its own path in front)
PLAY_PATH = "/ogames"


class AddressError(OgamesError):
    """An address a player typed that names no host."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int = DEFAULT_PORT
    tls: bool = False
    path: str = PLAY_PATH

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}{self.path}"

    def __str__(self) -> str:
        """As a join line writes it: ``host:port``, with the scheme and path only when
        they are not the plain defaults."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        path = "" if self.path == PLAY_PATH else self.path
        if not self.tls:
            return f"ws://{host}:{self.port}{path}" if path else f"{host}:{self.port}"
        port = "" if self.port == 443 else f":{self.port}"
        return f"wss://{host}{port}{path}"


_SCHEME = re.compile(r"(?i)(wss?)://")
_HOST_PORT = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+)(?::([0-9]{1,5}))?")


def parse_address(text: str) -> Address:
    """The address in ``text``. Raises AddressError with a reason a player can act on."""
    rest = (text or "").strip()
    tls = False
    scheme = _SCHEME.match(rest)
    if scheme:
        tls = scheme[1].lower() == "wss"
        rest = rest[scheme.end():]
    elif "://" in rest:
        raise AddressError(f"'{rest.split('://')[0]}://' is not a host's address: write "
                           "HOST:PORT, ws://HOST:PORT or wss://HOST/PATH")
    hostport, slash, path = rest.partition("/")
    found = _HOST_PORT.fullmatch(hostport)
    if not found:
        raise AddressError(f"'{text.strip()}' is not a host's address: write HOST:PORT, "
                           "e.g. 192.168.1.20:7878")
    host = found[1].strip("[]")
    port = int(found[2]) if found[2] else (443 if tls else DEFAULT_PORT)
    if not 1 <= port <= 65535:
        raise AddressError(f"port {port} is not a port: ports go from 1 to 65535")
    return Address(host, port, tls, "/" + path if slash else PLAY_PATH)


def parse_join_line(text: str) -> tuple[Address, str]:
    """(address, code) from ``ADDRESS CODE`` or a whole ``ogames join ADDRESS CODE`` line.
    Raises AddressError."""
    words = (text or "").split()
    if words[:2] == ["ogames", "join"]:
        words = words[2:]
    if len(words) != 2:
        raise AddressError("paste the join line the host shows: ADDRESS CODE (e.g. "
                           "192.168.1.20:7878 k3f9-…)")
    return parse_address(words[0]), words[1]


def join_line(address: Address, code: str) -> str:
    return f"ogames join {address} {code}"


def lan_address() -> str:
    """This machine's address on its local network (what others type to reach it), or
    ``localhost`` when it has none. No packet is sent: connecting a UDP socket only picks
    the interface a packet would leave by."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return probe.getsockname()[0]
    except OSError:
        return "localhost"
    finally:
        probe.close()
