"""Nothing hidden leaks: every byte a seat of an online Ochmir game is sent, from its first
message to the one that ends the game, read for the other seats' hidden tiles.

A host and bots play whole games over real WebSocket connections on localhost (in this
process: the bytes are those a network would carry). Every text a tile can be written as
is looked for in what each seat and a spectator were sent before the end. A tile the seat
held itself is left out (it knows its kind), and so is every text a stand-in can have: what
a seat may not see is filled with ferrorn reverses and the set's first tile
(``Rules.seat_world``), so a tile text whose reverse is a thurin or a leremoc can come only
from the real position. The same search run over the host's own record finds such tiles,
so the search can fail."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import replace

import pytest

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.games.ochmir.tiles import CANON, FLIP, HIDDEN, TEXT, tile_set
from ogames.net.bot import Bot
from ogames.net.connection import Connection
from ogames.net.host import Host
from ogames.net.room import Holder


def held_tiles(game: Game, side: int) -> set[int]:
    """Every tile ``side`` held at some point of the game."""
    return {t for i in range(len(game.plies) + 1)
            for t in game.position_at(i).hands[side] if t != HIDDEN}


def revealing_texts(tiles: set[int]) -> set[str]:
    """The texts of ``tiles`` no stand-in can have: a thurin or leremoc reverse."""
    return {text for t in tiles for text in (TEXT[t], TEXT[FLIP[t]]) if text[3] in "tl"}


def leaks(stream: str, game: Game, seat: int | None) -> tuple[set[str], int]:
    """The other seats' hidden tile texts found in ``stream``, and how many were looked
    for."""
    sides = range(len(game.sides))
    own = held_tiles(game, seat) if seat is not None else set()
    others = set().union(*(held_tiles(game, s) for s in sides if s != seat)) - own
    wanted = revealing_texts(others)
    return {text for text in wanted if text in stream}, len(wanted)


def rigged_start(variant: str, seed: int) -> Game:
    """The seeded start with the set's rarest tiles dealt round the seats (each its own:
    a tile kind the set holds one or two of, so that no other seat can ever hold one),
    the hands filled up from the rest, the bag the rest in order."""
    rules = get_rules("ochmir")
    start = rules.start(variant, seed)
    tiles = [*(t for hand in start.hands for t in hand), *start.remaining()]
    counts = Counter(tile_set(variant))
    rare = sorted({t for t in tiles if counts[t] <= 2}, key=TEXT.__getitem__)
    hands: list[list[int]] = [[] for _ in start.hands]
    for i, kind in enumerate(rare):
        seat = i % len(hands)
        for _ in range(counts[kind]):
            if len(hands[seat]) < 6:
                hands[seat].append(kind)
                tiles.remove(kind)
    for hand in hands:
        while len(hand) < 6:
            hand.append(tiles.pop(0))
    pos = replace(start, hands=tuple(tuple(sorted(CANON[t] for t in h)) for h in hands),
                  bag=tuple(tiles), seed=None, drawn=0)
    return Game.from_position(rules, pos)


async def play_watched(variant: str, seed: int) -> tuple[Game, list[str], str]:
    """One whole game of bots; what each seat and a spectator were sent before the end."""
    host = Host(port=0)
    await host.start()
    try:
        game = rigged_start(variant, seed)
        room = host.open_room(game, [Holder("person") for _ in game.sides])
        address = host.address()
        bots = [Bot(address, code, "random", seed=seed + side)
                for side, code in room.codes()]
        for bot in bots:
            bot.connection.received = []
        watcher = Connection(address, room.spectator_code())
        watcher.received = []
        first = await watcher.join()
        watching = asyncio.get_running_loop().create_task(watcher.run(first))
        results = await asyncio.gather(*(bot.play() for bot in bots))
        assert all(not r.failed for r in results), results
        await asyncio.sleep(0.2)  # the last messages reach the spectator
        await watcher.close()
        watching.cancel()
        streams = [before_the_end(bot.connection.received) for bot in bots]
        return room.game, streams, before_the_end(watcher.received)
    finally:
        await host.stop()


def before_the_end(received: list[str] | None) -> str:
    """Everything received up to (not including) the first message with the record."""
    out = []
    for text in received or ():
        if '"record":"' in text:
            break
        out.append(text)
    return "\n".join(out)


@pytest.mark.parametrize(("variant", "seed"), [("2", 41), ("3", 42)])
def test_no_seat_is_sent_another_seats_hidden_tile(variant: str, seed: int) -> None:
    game, streams, spectator = asyncio.run(play_watched(variant, seed))
    assert game.outcome() is not None
    for seat, stream in enumerate(streams):
        assert stream.count('"type":"moved"') >= len(game.plies) - 1  # the whole game
        found, looked_for = leaks(stream, game, seat)
        assert looked_for >= 2 and found == set(), (seat, sorted(found))
    found, looked_for = leaks(spectator, game, None)
    assert looked_for >= 6 and found == set(), sorted(found)
    from ogames.core.savefile import format_game

    record = format_game(game) + "".join(
        game.rules.format_position(game.position_at(i)) for i in range(len(game.plies)))
    assert leaks(record, game, 0)[0]  # the search does find tiles where they are
