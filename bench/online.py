"""Online play at scale: one ``ogames server`` process, rooms of bots playing Ordo.

For each number of rooms (10, 100, 500), two light clients per room — speaking the
protocol as any program would: a position in, a random legal move out — play game after
game (a rematch at each end) while the figures are taken:

- moves per second the host held;
- the time from a move sent to its arrival at the other seat (p50, p95, max), on localhost,
  the clients and the host on the same machine;
- the host's memory per room (its resident size with the rooms going, less before them,
  divided by the rooms).

Each client thinks ``THINK`` seconds (±20 %) before it moves, as a quick player does, so
that a room makes about one move a second; a last run with no thinking at all shows the
most moves a second the host can take. Figures, never assertions: ``python -m
bench.online [ROOMS ...]`` or ``make bench``.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from rich.console import Console
from rich.table import Table

from ogames.core.registry import get_rules
from ogames.net.protocol import digest

ROOMS = (10, 100, 500)
#: seconds a client thinks before each move, and how long each run measures
THINK, WINDOW, SATURATION_ROOMS = 1.0, 15.0, 100
GAME = "ordo"


@dataclass
class Figures:
    sent: dict[tuple[int, int, int], float] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    measuring: bool = False


class Seat:
    """One light client: it knows the rules, the position it was sent, and nothing else."""

    def __init__(self, room: int, code: str, think: float, figures: Figures,
                 rng: random.Random) -> None:
        self.room, self.code, self.think = room, code, think
        self.figures, self.rng = figures, rng
        self.rules = get_rules(GAME)
        self.seat = -1
        self.number = 0
        self.ws: aiohttp.ClientWebSocketResponse | None = None

    async def play(self, session: aiohttp.ClientSession, url: str) -> None:
        async with session.ws_connect(url, max_msg_size=1 << 26) as ws:
            self.ws = ws
            await ws.send_str(json.dumps({"type": "hello", "protocol": 1, "code": self.code}))
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    break
                await self.take(json.loads(frame.data))

    async def take(self, message: dict) -> None:
        kind = message["type"]
        if kind == "game":
            self.seat, self.number = message["seat"], message["number"]
            text = message["plies"][-1]["position"] if message["plies"] else message["start"]
            await self.turn(message["ply"], text, message["outcome"])
        elif kind == "moved" and message["number"] == self.number:
            key = (self.room, self.number, message["ply"])
            sent = self.figures.sent.pop(key, None)
            if sent is not None and self.figures.measuring:
                self.figures.latencies.append(time.perf_counter() - sent)
                self.figures.moves += 1
            await self.turn(message["ply"], message["position"], message["outcome"])
        elif kind == "offer" and self.seat in message.get("waiting", []):
            await self.send({"type": "answer", "offer": message["offer"], "accept": True})

    async def turn(self, ply: int, text: str, outcome: dict | None) -> None:
        if outcome is not None:
            if self.seat == 0:
                await self.send({"type": "rematch"})
            return
        pos = self.rules.parse_position(text)
        if self.rules.to_move(pos) != self.seat:
            return
        if self.think:
            await asyncio.sleep(self.think * self.rng.uniform(0.8, 1.2))
        moves = self.rules.legal_moves(pos)
        move = moves[self.rng.randrange(len(moves))]
        self.figures.sent[(self.room, self.number, ply + 1)] = time.perf_counter()
        await self.send({"type": "move", "ply": ply, "digest": digest(text),
                         "move": self.rules.move_text(pos, move)})

    async def send(self, message: dict) -> None:
        if self.ws is not None and not self.ws.closed:
            await self.ws.send_str(json.dumps(message))


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def make_rooms(url: str, rooms: int) -> list[list[str]]:
    """``rooms`` rooms made through the server's lobby: each room's two codes (thirty
    rooms a connection: a connection may send only so many messages at once)."""

    async def some(count: int) -> list[list[str]]:
        codes = []
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            await ws.send_str(json.dumps({"type": "hello", "protocol": 1}))
            await ws.receive()
            for _ in range(count):
                await ws.send_str(json.dumps({"type": "create", "game": GAME, "seats": [
                    {"kind": "person"}, {"kind": "person"}]}))
                made = json.loads((await ws.receive()).data)
                assert made["type"] == "created", made
                codes.append([c["code"] for c in made["codes"]])
        return codes

    parts = await asyncio.gather(*(some(min(30, rooms - i)) for i in range(0, rooms, 30)))
    return [pair for part in parts for pair in part]


async def run(rooms: int, think: float, pid: int, url: str) -> dict:
    before = resident_kib(pid)
    codes = await make_rooms(url, rooms)
    figures = Figures()
    rng = random.Random(rooms)
    seats = [Seat(r, code, think, figures, random.Random(rng.random()))
             for r, pair in enumerate(codes) for code in pair]
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        tasks = [asyncio.create_task(seat.play(session, url)) for seat in seats]
        await asyncio.sleep(max(3.0, think * 3))  # everyone in, games under way
        going = resident_kib(pid)
        figures.measuring = True
        start = time.perf_counter()
        await asyncio.sleep(WINDOW)
        figures.measuring = False
        elapsed = time.perf_counter() - start
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(figures.latencies) or [0.0]
    return {"rooms": rooms, "think": think, "moves": figures.moves,
            "moves_per_second": round(figures.moves / elapsed, 1),
            "p50_ms": round(statistics.median(lat) * 1000, 1),
            "p95_ms": round(lat[int(0.95 * (len(lat) - 1))] * 1000, 1),
            "max_ms": round(lat[-1] * 1000, 1),
            "kib_per_room": round((going - before) / rooms, 1)}


def bench_online(console: Console, counts: tuple[int, ...] = ROOMS) -> list[dict]:
    """Every run on a fresh server process; the figures as a table and as data."""
    results = []
    runs = [(n, THINK) for n in counts] + [(SATURATION_ROOMS, 0.0)]
    for rooms, think in runs:
        console.print(f"online: {rooms} rooms, thinking {think:g} s …", style="dim")
        with tempfile.TemporaryDirectory() as folder:
            port = free_port()
            server = subprocess.Popen(
                [sys.executable, "-m", "ogames", "server", "--port", str(port)],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                env={**os.environ, "OGAMES_DATA_DIR": folder})
            try:
                assert server.stdout is not None
                for line in server.stdout:
                    if "serving;" in line:
                        break
                url = f"ws://127.0.0.1:{port}/ogames"
                results.append(asyncio.run(run(rooms, think, server.pid, url)))
            finally:
                server.terminate()
                server.wait(timeout=30)
    table = Table(title=f"online play: {GAME} rooms of two clients on localhost "
                        f"({WINDOW:g} s measured each)")
    for col in ("rooms", "thinking", "moves/s", "p50", "p95", "max", "memory/room"):
        table.add_column(col, justify="right")
    for r in results:
        table.add_row(str(r["rooms"]), f"{r['think']:g} s", str(r["moves_per_second"]),
                      f"{r['p50_ms']} ms", f"{r['p95_ms']} ms", f"{r['max_ms']} ms",
                      f"{r['kib_per_room']} KiB")
    console.print(table)
    return results


if __name__ == "__main__":
    chosen = tuple(int(a) for a in sys.argv[1:]) or ROOMS
    out = bench_online(Console(), chosen)
    Path(__file__).with_name("online-results.json").write_text(json.dumps(out, indent=2) + "\n")
