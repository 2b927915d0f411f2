"""The online commands' bad input: a wrong address, no host there, a refused code, a room
whose game is over, a host of another protocol version, a bad clock or seat — each is one
line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from ogames.cli import cli
from ogames.net import connection
from tests.test_online_e2e import finish, start_bot, start_host, stop


def one_line_error(args: list[str]) -> str:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ogames: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize(("args", "said"), [
    (["join", "127.0.0.1:1", "abcd-aaaaa"], "connection refused"),
    (["join", "no.such.host.invalid", "abcd"], "no such host name"),
    (["join", "http://example.org", "abcd"], "is not a host's address"),
    (["join", "localhost:70000", "abcd"], "ports go from 1 to 65535"),
    (["bot", "127.0.0.1:1", "abcd-aaaaa"], "connection refused"),
    (["host", "ordo", "--clock", "ten"], "--clock"),
    (["host", "ordo", "--computer", "3:easy"], "seats 1 to 2"),
    (["host", "ordo", "--computer", "2:genius"], "unknown level"),
    (["host", "ordo", "--computer", "1:easy", "--computer", "2:easy", "--no-seat"],
     "every seat"),
    (["host", "ordo", "--tls-cert", "/no/such.pem", "--tls-key", "/no/key.pem",
      "--no-seat"], "no such file"),
    (["host", "ordo", "--tls-cert", "/no/such.pem", "--no-seat"], "go together"),
    (["host"], "name the game to host"),
    (["host", "chess"], "chess"),
])
def test_bad_input_is_one_line(args: list[str], said: str) -> None:
    assert said in one_line_error(args)


def test_a_refused_code_a_finished_game_and_another_version_are_one_line(tmp_path, monkeypatch):
    host = start_host(tmp_path / "host", "onitama", "--seed", "3")
    try:
        (_, red), (_, blue) = host.codes.items()
        wrong = red[:-4] + ("aaaa" if not red.endswith("aaaa") else "bbbb")
        assert "no seat of this host has that code" in one_line_error(
            ["join", host.address, wrong])
        assert "refused" in one_line_error(["bot", host.address, wrong])
        monkeypatch.setattr(connection, "PROTOCOL", 2)
        assert "speaks version 1" in one_line_error(["join", host.address, red])
        monkeypatch.setattr(connection, "PROTOCOL", 1)
        bots = [start_bot(tmp_path / "red", host.address, red, "--level", "random"),
                start_bot(tmp_path / "blue", host.address, blue, "--level", "random")]
        for bot in bots:
            finish(bot)
        assert "is over" in one_line_error(["join", host.address, red])
        done = subprocess.run([sys.executable, "-m", "ogames", "bot", host.address, red],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and "already over" in done.stderr
        assert "Traceback" not in done.stderr
    finally:
        stop(host.process)
