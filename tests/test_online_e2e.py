"""Online play end to end, with real processes on localhost: ``ogames host --no-seat`` and
``ogames bot`` clients, each with its own data folder, as on separate machines.

- bots play a whole game of each of the five games (Ochmir with three seats), and every
  seat's saved game passes ``ogames check``;
- a bot killed with ``kill -9`` in the middle of a game comes back with its code, and the
  game ends normally;
- the host killed with ``kill -9`` and started again goes on with its room, and the bots,
  which waited, finish the game;
- 10,000 fuzzed messages (malformed JSON, wrong types, huge numbers, out-of-turn moves,
  wrong codes, oversized and binary frames) leave the host running and its room intact.

The bots play random legal moves (``--level random``, seeded) where only the protocol is
tested, and the computer's easy level where a game must last a while. (The secrecy test,
which reads every byte each seat is sent, is ``test_net_secrecy.py``.)
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from ogames.core.savefile import parse_game
from ogames.core.storage import load_saved_game

#: the games and the variant played (Ochmir three-handed: three bots)
GAMES = [("opprimo", None), ("oferhlyp", None), ("onitama", None), ("ordo", None),
         ("ochmir", "3")]


@dataclass
class Hosted:
    process: subprocess.Popen
    address: str
    codes: dict[str, str]
    spectator: str
    folder: Path


def env_for(folder: Path) -> dict[str, str]:
    return {**os.environ, "OGAMES_DATA_DIR": str(folder), "PYTHONUNBUFFERED": "1"}


def start_host(folder: Path, *args: str, port: int = 0) -> Hosted:
    """``ogames host ARGS --no-seat``, its join lines read from its output."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ogames", "host", *args, "--no-seat", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env_for(folder))
    codes: dict[str, str] = {}
    spectator = address = ""
    deadline = time.monotonic() + 60
    assert process.stdout is not None
    for line in process.stdout:
        words = line.split()
        if "join" in words:
            at = words.index("join")
            address, code = words[at + 1], words[at + 2]
            side = words[at - 2].rstrip(":")
            if side == "spectators":
                spectator = code
            else:
                codes[side] = code
        if "serving;" in line:
            break
        assert time.monotonic() < deadline, "the host did not start"
    assert process.poll() is None, "the host stopped"
    return Hosted(process, address, codes, spectator, folder)


def start_bot(folder: Path, address: str, code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "ogames", "bot", address, code, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env_for(folder))


def finish(bot: subprocess.Popen, timeout: float = 240) -> Path:
    """Wait for a bot's game to end; the saved game it kept."""
    out, _ = bot.communicate(timeout=timeout)
    assert bot.returncode == 0, out
    kept = [line[len("kept in "):] for line in out.splitlines() if line.startswith("kept in ")]
    assert kept, out
    return Path(kept[0])


def check(path: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "ogames", "check", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def room_plies(folder: Path) -> int:
    """The plies played in the one room the host in ``folder`` keeps (0 while unwritten)."""
    for path in (folder / "rooms").glob("*.json"):
        try:
            return len(parse_game(json.loads(path.read_text("utf-8"))["game"]).plies)
        except (OSError, ValueError, KeyError):
            return 0
    return 0


def wait_until(condition, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.05)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(("game_id", "variant"), GAMES)
def test_bots_play_a_whole_game_and_every_seat_keeps_it(tmp_path, game_id, variant):
    extra = ["--variant", variant] if variant else []
    host = start_host(tmp_path / "host", game_id, *extra, "--seed", "7") if \
        game_id in ("onitama", "ochmir") else start_host(tmp_path / "host", game_id)
    try:
        bots = [start_bot(tmp_path / f"seat-{side}", host.address, code, "--level", "random",
                          "--seed", str(i))
                for i, (side, code) in enumerate(host.codes.items())]
        assert len(bots) == (3 if variant == "3" else 2)
        kept = [finish(bot) for bot in bots]
    finally:
        stop(host.process)
    texts = {path.read_text("utf-8") for path in kept}
    assert len(texts) == 1  # every seat keeps the same record
    summary = check(kept[0])
    for path in kept[1:]:
        assert check(path) == summary
    game = load_saved_game(kept[0])
    assert game.outcome() is not None and game.rules.id == game_id


def test_a_bot_killed_mid_game_comes_back_and_the_game_ends(tmp_path):
    host = start_host(tmp_path / "host", "ordo")
    try:
        (white, w_code), (black, b_code) = host.codes.items()
        first = start_bot(tmp_path / "white", host.address, w_code, "--level", "easy",
                          "--seed", "1")
        doomed = start_bot(tmp_path / "black", host.address, b_code, "--level", "easy",
                           "--seed", "2")
        wait_until(lambda: room_plies(host.folder) >= 3)
        doomed.send_signal(signal.SIGKILL)  # kill -9: no goodbye
        doomed.wait()
        back = start_bot(tmp_path / "black", host.address, b_code, "--level", "random",
                         "--seed", "3")
        kept = [finish(first), finish(back)]
    finally:
        stop(host.process)
    assert kept[0].read_text("utf-8") == kept[1].read_text("utf-8")
    check(kept[0])
    assert len(load_saved_game(kept[0]).plies) > 3


def test_the_host_killed_and_started_again_goes_on_with_its_room(tmp_path):
    port = free_port()
    host = start_host(tmp_path / "host", "ordo", port=port)
    restarted = None
    try:
        (_, w_code), (_, b_code) = host.codes.items()
        bots = [start_bot(tmp_path / "white", host.address, w_code, "--level", "easy",
                          "--seed", "1"),
                start_bot(tmp_path / "black", host.address, b_code, "--level", "easy",
                          "--seed", "2")]
        wait_until(lambda: room_plies(host.folder) >= 2)
        host.process.send_signal(signal.SIGKILL)
        host.process.wait()
        before = room_plies(host.folder)
        restarted = start_host(tmp_path / "host", port=port)  # no game: go on with the room
        assert restarted.codes == host.codes  # the same join lines
        kept = [finish(bot) for bot in bots]
    finally:
        stop(host.process)
        if restarted is not None:
            stop(restarted.process)
    assert kept[0].read_text("utf-8") == kept[1].read_text("utf-8")
    check(kept[0])
    assert len(load_saved_game(kept[0]).plies) >= before >= 2


# ----- fuzzing ---------------------------------------------------------------------------------


def fuzzed(rng: random.Random, code: str) -> str | bytes:
    """One bad message of many kinds (never a legal move)."""
    kind = rng.randrange(12)
    if kind == 0:
        return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(1, 60)))
    if kind == 1:
        return json.dumps([rng.random() for _ in range(5)])
    if kind == 2:
        return json.dumps({"type": rng.choice(["move", "say", "answer", "create", "x", 5])})
    if kind == 3:
        return json.dumps({"type": "move", "ply": rng.choice([-1, 10**40, "0", None, 1.5]),
                           "digest": "0", "move": "c2:d2-c3"})
    if kind == 4:
        return '{"type": "move", "ply": ' + "9" * rng.randrange(10, 6000) + "}"
    if kind == 5:
        return json.dumps({"type": "move", "ply": 0, "digest": "0" * 16,
                           "move": rng.choice(["a1-z9", "", "\x00\x1b[2J", "c7:d7-c6"])})
    if kind == 6:
        return json.dumps({"type": "hello", "protocol": rng.randrange(5), "code": code})
    if kind == 7:
        return "x" * rng.choice([70_000, 200_000])
    if kind == 8:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 100)))
    if kind == 9:
        return json.dumps({"type": "answer", "offer": "draw", "accept": "yes"})
    if kind == 10:
        return "[" * 5000 + "]" * 5000
    return json.dumps({"type": rng.choice(["rematch", "takeback", "sync", "list", "claim"]),
                       "room": "zzzz"})


async def fuzz(address: str, codes: list[str], total: int, seed: int) -> int:
    """Send ``total`` fuzzed messages over as many connections as it takes (each one is
    closed by the host after a few refusals); how many were sent."""
    rng = random.Random(seed)
    url = f"ws://{address}/ogames"
    sent = 0

    async def one_connection(session: aiohttp.ClientSession) -> int:
        count = 0
        try:
            async with session.ws_connect(url, max_msg_size=1 << 26) as ws:
                wrong = rng.random() < 0.3
                code = rng.choice(codes)
                if wrong:
                    code = code[:-3] + "".join(rng.choice("abcdefgh") for _ in range(3))
                await ws.send_str(json.dumps({"type": "hello", "protocol": 1, "code": code}))
                for _ in range(rng.randrange(1, 12)):
                    message = fuzzed(rng, code)
                    if isinstance(message, bytes):
                        await ws.send_bytes(message)
                    else:
                        await ws.send_str(message)
                    count += 1
                await ws.close()
        except (TimeoutError, aiohttp.ClientError, ConnectionError):
            pass
        return count + 1

    async with aiohttp.ClientSession() as session:
        while sent < total:
            counts = await asyncio.gather(*(one_connection(session) for _ in range(20)))
            sent += sum(counts)
    return sent


def test_ten_thousand_fuzzed_messages_leave_the_host_and_its_room_intact(tmp_path):
    host = start_host(tmp_path / "host", "ordo")
    try:
        codes = [*host.codes.values(), host.spectator]
        sent = asyncio.run(fuzz(host.address, codes, 10_000, seed=5))
        assert sent >= 10_000
        assert host.process.poll() is None  # still serving
        assert room_plies(host.folder) == 0  # nothing was played by any of it
        (_, w_code), (_, b_code) = host.codes.items()
        bots = [start_bot(tmp_path / "white", host.address, w_code, "--level", "random",
                          "--seed", "1"),
                start_bot(tmp_path / "black", host.address, b_code, "--level", "random",
                          "--seed", "2")]
        kept = [finish(bot) for bot in bots]  # the room plays on as if nothing happened
    finally:
        stop(host.process)
    check(kept[0])
