"""The online protocol's one schema: the messages a client may send, checked field by field
before anything reads them, the codes that open a seat, and the digest of a position.

``docs/protocol.md`` describes every message for a program in any language; this module is
what the host actually accepts. A message is one JSON object in one WebSocket text frame,
at most ``MAX_MESSAGE`` bytes, with a ``type``; every other field is checked against
``CLIENT_MESSAGES`` (its kind and bounds), so that a malformed message is a
``ProtocolError`` with a reason, never an exception deeper in the host.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
from typing import Any

from ..core.errors import OgamesError

#: the protocol's version: a host and a client of different versions do not play
PROTOCOL = 1
#: the largest message a client may send (bytes); the host's messages may be larger (a
#: whole game)
MAX_MESSAGE = 64 * 1024
#: the longest line of the message box, in characters
MAX_SAY = 200
#: the bytes of randomness in a seat's secret (128 bits)
SECRET_BYTES = 16
#: the characters of a room's id (public: it only says which room a code is for)
ROOM_ID_LENGTH = 4
#: the characters of a digest (hexadecimal, of SHA-256)
DIGEST_LENGTH = 16
#: the kinds of request the other seats answer
OFFERS = ("draw", "takeback", "rematch")


class ProtocolError(OgamesError):
    """A message the host cannot take: malformed, too large, of another version, or not
    the sender's to send now. The reason is sent back in an ``error`` message."""


# ----- codes --------------------------------------------------------------------------------

_BASE32 = re.compile(r"[a-z2-7]+")


def _base32(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=").lower()


def new_room_id(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A short public name for a new room, not one of ``taken``."""
    while True:
        room = _base32(secrets.token_bytes(5))[:ROOM_ID_LENGTH]
        if room not in taken:
            return room


def new_secret() -> str:
    """A seat's secret: 128 random bits (``secrets``), 26 base-32 characters."""
    return _base32(secrets.token_bytes(SECRET_BYTES))


def seat_code(room: str, secret: str) -> str:
    """The code a player types or pastes: the room, then the secret in groups of five
    (six for the last: ``k3f9-abcde-fghij-klmno-pqrst-uvwxyz``)."""
    groups = [secret[i:i + 5] for i in range(0, 20, 5)] + [secret[20:]]
    return "-".join([room, *groups])


def split_code(code: str) -> tuple[str, str] | None:
    """(room, secret) of a code as ``seat_code`` writes it, forgiving case, spaces and
    dashes; None for text that is no code."""
    text = re.sub(r"[\s-]", "", code or "").lower()
    if len(text) != ROOM_ID_LENGTH + 26 or not _BASE32.fullmatch(text):
        return None
    return text[:ROOM_ID_LENGTH], text[ROOM_ID_LENGTH:]


def same_secret(given: str, kept: str) -> bool:
    """Whether ``given`` is the secret ``kept``, compared in constant time
    (``hmac.compare_digest``: how long it takes says nothing of how much matched)."""
    return hmac.compare_digest(given.encode("ascii", "replace"), kept.encode("ascii", "replace"))


def digest(position_text: str) -> str:
    """A position's digest: who holds the same text holds the same position."""
    return hashlib.sha256(position_text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


# ----- what a client may send -----------------------------------------------------------------

#: field kinds: a string of at most N characters, a whole number from 0 to N, a bool, one of
#: a few words, a list of seat settings
Field = tuple[str, Any]

CLIENT_MESSAGES: dict[str, dict[str, tuple[bool, Field]]] = {
    # first message of a connection: the protocol spoken, and a seat's code (none: the
    # lobby of a server, to list its rooms or create one)
    "hello": {"protocol": (True, ("int", 1 << 16)), "code": (False, ("str", 100)),
              "name": (False, ("str", 100)), "app": (False, ("str", 100))},
    # a move: ``ply`` plies were played before it; ``digest`` is of the sender's position
    "move": {"ply": (True, ("int", 1 << 20)), "digest": (True, ("str", 64)),
             "move": (True, ("str", 400))},
    "takeback": {}, "draw": {}, "resign": {}, "rematch": {}, "sync": {},
    "answer": {"offer": (True, ("word", OFFERS)), "accept": (True, ("bool", None))},
    "say": {"text": (True, ("str", 2000))},
    # the lobby of a server
    "list": {},
    "create": {"game": (True, ("str", 40)), "variant": (False, ("str", 40)),
               "seats": (True, ("seats", 3)), "clock": (False, ("str", 20)),
               "seed": (False, ("int", (1 << 64) - 1)), "open": (False, ("bool", None))},
    "claim": {"room": (True, ("str", 20))},
}


def parse_client_message(raw: str | bytes) -> dict[str, Any]:
    """The message a client sent, checked against the schema. Raises ProtocolError."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("a message is one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is one JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        raise ProtocolError(f"unknown message type; the types are {', '.join(CLIENT_MESSAGES)}")
    fields = CLIENT_MESSAGES[kind]
    for name, (required, spec) in fields.items():
        if name not in data or data[name] is None:
            if required:
                raise ProtocolError(f"a {kind} message needs '{name}'")
            continue
        _check(kind, name, data[name], spec)
    return data


def _check(kind: str, name: str, value: Any, spec: Field) -> None:
    what, bound = spec
    where = f"'{name}' of a {kind} message"
    if what == "int":
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= bound:
            raise ProtocolError(f"{where} is a whole number from 0 to {bound}")
    elif what == "str":
        if not isinstance(value, str) or len(value) > bound:
            raise ProtocolError(f"{where} is text of at most {bound} characters")
    elif what == "bool":
        if not isinstance(value, bool):
            raise ProtocolError(f"{where} is true or false")
    elif what == "word":
        if value not in bound:
            raise ProtocolError(f"{where} is one of {', '.join(bound)}")
    elif what == "seats":
        if not (isinstance(value, list) and 2 <= len(value) <= bound
                and all(_seat_setting(s) for s in value)):
            raise ProtocolError(f"{where} is a list of 2 or 3 seats, each "
                                '{"kind": "person"} or {"kind": "computer", "level": …}')


def _seat_setting(seat: Any) -> bool:
    if not isinstance(seat, dict) or seat.get("kind") not in ("person", "computer"):
        return False
    level = seat.get("level")
    return level is None or (isinstance(level, str) and len(level) <= 20)


def encode(message: dict[str, Any]) -> str:
    """A message as it is sent: compact JSON, UTF-8 text kept as it is."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
