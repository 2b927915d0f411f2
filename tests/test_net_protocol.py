"""The online protocol's schema, codes and addresses: what a client may send is checked
field by field, and every malformed message is a ProtocolError with a reason (never
another exception); codes are 128 random bits, read back however they are typed;
addresses and pasted join lines are read as players write them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ogames.net.address import AddressError, parse_address, parse_join_line
from ogames.net.protocol import (
    MAX_MESSAGE,
    ProtocolError,
    new_room_id,
    new_secret,
    parse_client_message,
    same_secret,
    seat_code,
    split_code,
)


def test_a_good_message_passes_as_it_is() -> None:
    move = {"type": "move", "ply": 3, "digest": "ab" * 8, "move": "e3-e4"}
    assert parse_client_message(json.dumps(move)) == move
    assert parse_client_message('{"type": "answer", "offer": "draw", "accept": false}')
    assert parse_client_message('{"type": "hello", "protocol": 1, "code": null}')["type"] == \
        "hello"


@pytest.mark.parametrize(("raw", "reason"), [
    ("", "one JSON object"),
    ("[1, 2]", "one JSON object"),
    ("{'type': 'move'}", "one JSON object"),
    ('{"type": "teleport"}', "unknown message type"),
    ('{"type": 5}', "unknown message type"),
    ('{"ply": 1}', "unknown message type"),
    ('{"type": "move", "ply": 1, "digest": "x"}', "needs 'move'"),
    ('{"type": "move", "ply": "1", "digest": "x", "move": "a"}', "whole number"),
    ('{"type": "move", "ply": -1, "digest": "x", "move": "a"}', "whole number"),
    ('{"type": "move", "ply": true, "digest": "x", "move": "a"}', "whole number"),
    ('{"type": "move", "ply": 1e400, "digest": "x", "move": "a"}', "whole number"),
    ('{"type": "move", "ply": ' + "9" * 30 + ', "digest": "x", "move": "a"}', "whole number"),
    ('{"type": "move", "ply": ' + "9" * 5000 + ', "digest": "x", "move": "a"}', "JSON"),
    ('{"type": "move", "ply": 1, "digest": "x", "move": ["a"]}', "text"),
    ('{"type": "say", "text": "' + "x" * 3000 + '"}', "at most 2000"),
    ('{"type": "answer", "offer": "peace", "accept": true}', "one of draw"),
    ('{"type": "answer", "offer": "draw", "accept": 1}', "true or false"),
    ('{"type": "create", "game": "ordo", "seats": [{"kind": "alien"}, {}]}', "list of 2 or 3"),
    ("[" * 100000 + "]" * 100000, "at most"),
    ('{"type": "say", "text": "' + "x" * MAX_MESSAGE + '"}', "at most"),
])
def test_a_malformed_message_is_refused_with_a_reason(raw: str, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason):
        parse_client_message(raw)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200).map(
    lambda b: b.decode("latin-1")), st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
            st.sampled_from(["type", "ply", "move", "digest", "code", "protocol", "text",
                             "offer", "accept", "seats", "x"]), inner, max_size=5),
        max_leaves=20).map(json.dumps)))
def test_nothing_but_a_protocol_error_comes_out_of_any_text(raw: str) -> None:
    try:
        parse_client_message(raw)
    except ProtocolError:
        pass


def test_codes_are_128_random_bits_read_back_however_typed() -> None:
    secret = new_secret()
    assert len(secret) == 26 and secret != new_secret()  # 130 bits of base 32
    room = new_room_id()
    code = seat_code(room, secret)
    assert code.count("-") == 5
    assert split_code(code) == (room, secret)
    assert split_code(f"  {code.upper().replace('-', ' ')} ") == (room, secret)
    assert split_code("k3f9-short") is None and split_code("") is None
    assert split_code(code[:-1] + "1") is None  # 1 is no base-32 digit
    assert same_secret(secret, secret) and not same_secret(secret, new_secret())
    assert not same_secret(secret[:-1], secret)


def test_room_ids_are_not_taken_twice() -> None:
    taken = {new_room_id() for _ in range(50)}
    assert new_room_id(taken) not in taken


@pytest.mark.parametrize(("text", "url"), [
    ("192.168.1.20:7878", "ws://192.168.1.20:7878/ogames"),
    ("localhost", "ws://localhost:7878/ogames"),
    ("[::1]:9000", "ws://[::1]:9000/ogames"),
    ("ws://example.org:80", "ws://example.org:80/ogames"),
    ("wss://games.example.org/ogames", "wss://games.example.org:443/ogames"),
    ("WSS://games.example.org:8443/play/here", "wss://games.example.org:8443/play/here"),
])
def test_addresses_as_players_type_them(text: str, url: str) -> None:
    assert parse_address(text).url == url


@pytest.mark.parametrize("text", ["", "http://x", "host:port", "host:99999", "a b", "::"])
def test_a_bad_address_says_what_to_write(text: str) -> None:
    with pytest.raises(AddressError):
        parse_address(text)


def test_a_pasted_join_line_is_read_whole() -> None:
    address, code = parse_join_line("ogames join 10.0.0.5:7878 k3f9-abcde")
    assert str(address) == "10.0.0.5:7878" and code == "k3f9-abcde"
    assert parse_join_line("  10.0.0.5 abc ")[1] == "abc"
    with pytest.raises(AddressError, match="paste the join line"):
        parse_join_line("ogames join 10.0.0.5:7878")
