"""The ``ogames`` command line (click).

Only ``ogames`` (no command), ``play`` and ``replay`` start the Textual app, and they import
it lazily: every other command runs without loading Textual.
"""

from __future__ import annotations

import errno
import re
import shlex
import socket
import sys
from pathlib import Path

import click

from .core.errors import (
    IllegalMoveError,
    NotationError,
    OgamesError,
    SaveFileError,
    refusal_reason,
)
from .core.game import Game
from .core.perft import divide, perft
from .core.quoting import shown
from .core.registry import find_rules
from .core.rng import SEED_LIMIT
from .core.rules import Rules

SEED = click.IntRange(0, SEED_LIMIT - 1)

#: how much of a move, a game name or any other input an error message quotes
INPUT_SHOWN = 40
#: the most an error line says: it is one line, whatever the input or the engine's words
MESSAGE_SHOWN = 400


def say(message: str) -> None:
    """``ogames: message`` on stderr, as one line of bounded length (``shown``)."""
    click.echo(f"ogames: {shown(message, MESSAGE_SHOWN)}", err=True)


def quoting(message: str, *inputs: str) -> str:
    """``message`` with each of ``inputs`` it echoes quoted as ``shown`` quotes input:
    control characters escaped, cut to ``INPUT_SHOWN``. (An engine's reason may echo the
    text it refused; only an input that ``shown`` changes, a long one or one with control
    characters, is replaced, and no word of the message itself can be such a text.)"""
    for text in sorted({t for given in inputs for t in (given, given.strip()) if t},
                       key=len, reverse=True):
        quoted = shown(text, INPUT_SHOWN)
        if quoted != text:
            message = message.replace(text, quoted)
    return message


class CommandError(click.ClickException):
    """A one-line error with exit code 2 (bad input)."""

    exit_code = 2


def _rules(name: str) -> Rules:
    try:
        return find_rules(name)
    except OgamesError as exc:
        raise CommandError(quoting(str(exc), name)) from None


def _start(rules: Rules, position: str | None, variant: str | None, seed: int | None) -> Game:
    """A game from --position, or the standard start of --variant/--seed. A --seed that
    would be ignored is refused: a person who gave it expects it to count."""
    if seed is not None and position is not None:
        raise CommandError("--seed has no effect with --position (the position text is the "
                           "whole start, cards or bag included)")
    if seed is not None and not rules.uses_seed:
        raise CommandError(f"--seed has no effect in {rules.name}: its start is always the "
                           "same")
    canonical = _variant(rules, variant) if variant else None
    if position is None:
        return Game.new(rules, canonical, seed)
    try:
        pos = rules.parse_position(position, canonical)
    except NotationError as exc:
        raise CommandError(f"bad position for {rules.name}: {quoting(str(exc), position)}"
                           ) from None
    for warning in rules.position_warnings(pos):  # allowed, but worth a word
        say(f"warning: {warning}")
    return Game.from_position(rules, pos)


def _variant(rules: Rules, text: str | None) -> str:
    """The canonical variant of --variant. The engine's reason already names the game and
    the variants to choose from, so the option name is all it needs in front."""
    try:
        return rules.parse_variant(text)
    except NotationError as exc:
        raise CommandError(f"--variant: {quoting(exc.reason, text or '')}") from None


def _join_move_args(rules: Rules, moves: tuple[str, ...]) -> list[str]:
    """Moves as given on the command line; a card-name word joins the next word."""
    out: list[str] = []
    i = 0
    while i < len(moves):
        word = moves[i]
        if rules.move_joins_next_token(word) and " " not in word.strip() and i + 1 < len(moves):
            word = f"{word} {moves[i + 1]}"
            i += 1
        out.append(word)
        i += 1
    return out


def _position_options(func):
    func = click.option("--seed", type=SEED, help="Seed of the deal or bag (Onitama, Ochmir).")(func)
    func = click.option("--variant", help="Variant, e.g. 8x8 (Ordo) or 3 (Ochmir).")(func)
    func = click.option("--position", "position", metavar="TEXT",
                        help="Start from this position string instead.")(func)
    return func


def _negative_number(exc: click.ClickException) -> str | None:
    """click reads the ``-1`` of ``perft ordo -1`` as an unknown option: say instead what
    the number must be (the command's whole-number argument), or None for any other error."""
    if not isinstance(exc, click.NoSuchOption) or exc.ctx is None:
        return None
    if not re.fullmatch(r"-[0-9]+", exc.option_name):
        return None
    for param in exc.ctx.command.params:
        if isinstance(param, click.Argument) and isinstance(param.type, click.IntRange):
            low, high = param.type.min, param.type.max
            bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
            return (f"{exc.option_name}: {param.human_readable_name} must be a whole number "
                    f"{bounds}")
    return None


class OgamesGroup(click.Group):
    """A click group whose every error is one line on stderr, never a traceback or a
    usage dump: bad input exits 2 (``check`` exits 1 for a file it cannot accept: missing,
    a folder, or not a valid saved game)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        try:
            # not standalone, click returns the status of a ``ctx.exit(status)`` (the app's,
            # after an unexpected error) instead of exiting; commands themselves return None
            status = super().main(args, prog_name or "ogames", complete_var,
                                  standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            message = _negative_number(exc) or exc.format_message()
            if isinstance(exc, click.UsageError):
                path = exc.ctx.command_path if exc.ctx is not None else "ogames"
                message += f" (see '{path} --help')"
            say(message)
            sys.exit(exc.exit_code)
        except OgamesError as exc:
            say(str(exc))
            sys.exit(2)
        except KeyboardInterrupt:
            sys.exit(130)
        sys.exit(status if isinstance(status, int) else 0)


@click.group(name="ogames", cls=OgamesGroup, invoke_without_command=True)
@click.option("--ascii", "ascii_mode", is_flag=True, help="Draw boards with ASCII only.")
@click.version_option(package_name="ogames")
@click.pass_context
def cli(ctx: click.Context, ascii_mode: bool) -> None:
    """Five abstract board games for people sharing one terminal.

    Run without a command to open the game picker.
    """
    ctx.ensure_object(dict)
    ctx.obj["ascii"] = ascii_mode
    if ctx.invoked_subcommand is None:
        from .ui.app import run_app

        ctx.exit(run_app(ascii=ascii_mode))


def _computer_seats(started: Game, vs: str | None, seat: int | None) -> dict[int, str]:
    """``--vs computer[:LEVEL]`` and ``--computer-seat N`` (1-based) → {side index: level}."""
    from .ai.levels import LEVELS

    if vs is None:
        if seat is not None:
            raise CommandError("--computer-seat needs --vs computer")
        return {}
    kind, _, level = vs.strip().partition(":")
    levels = ", ".join(LEVELS)
    if kind.strip().casefold() != "computer":
        raise CommandError(f"--vs '{shown(vs, INPUT_SHOWN)}': write computer or "
                           f"computer:LEVEL ({levels})")
    level = level.strip().casefold() or "medium"
    if level not in LEVELS:
        raise CommandError(f"--vs '{shown(vs, INPUT_SHOWN)}': unknown level "
                           f"'{shown(level, INPUT_SHOWN)}'; choose one of {levels}")
    n = len(started.sides)
    seat = 2 if seat is None else seat
    if not 1 <= seat <= n:
        raise CommandError(f"--computer-seat {seat}: {started.rules.name} has seats 1 to {n} "
                           f"({', '.join(started.sides)})")
    return {seat - 1: level}


@cli.command()
@click.argument("game")
@_position_options
@click.option("--ascii", "ascii_mode", is_flag=True, help="Draw boards with ASCII only.")
@click.option("--vs", metavar="computer[:LEVEL]",
              help="Play against the computer; LEVEL easy, medium (default) or hard.")
@click.option("--computer-seat", type=int, metavar="N",
              help="The computer's seat, 1-based in side order (default: 2).")
@click.pass_context
def play(ctx: click.Context, game: str, position: str | None, variant: str | None,
         seed: int | None, ascii_mode: bool, vs: str | None,
         computer_seat: int | None) -> None:
    """Play GAME in the app, skipping the picker."""
    rules = _rules(game)
    started = _start(rules, position, variant, seed)  # validate before the screen opens
    computer = _computer_seats(started, vs, computer_seat)
    from .ui.app import run_app

    ctx.exit(run_app(rules.id, position=position, seed=seed, variant=variant,
                     ascii=ascii_mode or ctx.obj.get("ascii", False), computer=computer))


@cli.command(name="perft")
@click.argument("game")
@click.argument("depth", type=click.IntRange(0, 20))
@_position_options
@click.option("--divide", "show_divide", is_flag=True, help="One line per root move.")
@click.option("--terminal-leaf", is_flag=True,
              help="Count a won position as one leaf (Onitama community convention).")
def perft_command(game: str, depth: int, position: str | None, variant: str | None,
                  seed: int | None, show_divide: bool, terminal_leaf: bool) -> None:
    """Count the move sequences of length DEPTH; the last line is `Nodes searched: N`."""
    rules = _rules(game)
    pos = _start(rules, position, variant, seed).start
    if show_divide and depth >= 1:
        total = 0
        for text, count in divide(rules, pos, depth, terminal_leaf=terminal_leaf):
            click.echo(f"{text} {count}")
            total += count
        if terminal_leaf and rules.outcome(pos) is not None:
            total = 1  # a won root has no moves to list but is itself the one leaf of perft_t
    else:
        total = perft(rules, pos, depth, terminal_leaf=terminal_leaf)
    click.echo(f"Nodes searched: {total}")


@cli.command()
@click.argument("game")
@_position_options
def moves(game: str, position: str | None, variant: str | None, seed: int | None) -> None:
    """List the legal moves in canonical text, one per line, sorted. A finished position
    has none: stdout stays empty (a true answer, exit 0) and stderr says how it ended."""
    rules = _rules(game)
    pos = _start(rules, position, variant, seed).start
    outcome = rules.outcome(pos)
    if outcome is not None:
        from .core.describe import outcome_text

        sides = rules.sides(rules.variant_of(pos))
        text = f"{outcome_text(rules, outcome, sides)} ({outcome.result_token})"
        click.echo(f"ogames: no moves: the game is over, {text}", err=True)
    for move in rules.legal_moves(pos):
        click.echo(rules.move_text(pos, move))


def _played(rules: Rules, position: str | None, variant: str | None, seed: int | None,
            move_args: tuple[str, ...]) -> Game:
    game = _start(rules, position, variant, seed)
    for number, text in enumerate(_join_move_args(rules, move_args), start=1):
        try:
            game.play_text(text)
        except (NotationError, IllegalMoveError) as exc:
            raise CommandError(f"move {number} '{shown(text, INPUT_SHOWN)}' is refused: "
                               f"{quoting(refusal_reason(text, exc), text)}") from None
    return game


@cli.command()
@click.argument("game")
@_position_options
@click.argument("move_args", nargs=-1, metavar="[MOVE]...")
def position(game: str, position: str | None, variant: str | None, seed: int | None,
             move_args: tuple[str, ...]) -> None:
    """Print the position text after playing MOVEs as one game from the start."""
    rules = _rules(game)
    played = _played(rules, position, variant, seed, move_args)
    click.echo(rules.format_position(played.position))


@cli.command()
@click.argument("game")
@_position_options
@click.argument("move_args", nargs=-1, metavar="[MOVE]...")
@click.option("--ascii", "ascii_mode", is_flag=True, help="ASCII only.")
@click.option("--flip", is_flag=True, help="Turn the board through 180°.")
@click.option("--compact", is_flag=True, help="The small drawing the app uses in 80×24.")
@click.pass_context
def show(ctx: click.Context, game: str, position: str | None, variant: str | None,
         seed: int | None, move_args: tuple[str, ...], ascii_mode: bool, flip: bool,
         compact: bool) -> None:
    """Draw the position (after MOVEs) with whose turn it is or how the game ended."""
    from .render import print_position, status_line

    rules = _rules(game)
    played = _played(rules, position, variant, seed, move_args)
    print_position(rules, played.position, ascii=ascii_mode or ctx.obj.get("ascii", False),
                   flipped=flip, compact=compact)
    outcome = played.outcome()
    if outcome is not None and rules.outcome(played.position) is None:
        click.echo(status_line(rules, played.position) + f" — but {outcome.reason}")


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
def check(file: Path) -> None:
    """Read a saved game, replay every move, print a one-line summary."""
    from .core.savefile import summary

    click.echo(summary(_load(file, CheckError)))


class CheckError(click.ClickException):
    exit_code = 1


def _not_a_folder(file: Path, error: type[click.ClickException]) -> None:
    """A folder is not a saved game; said by us, not by click's FILE check, so that
    ``check`` gives its own exit status (1) for it like for any other unreadable file."""
    if file.is_dir():
        raise error(f"{file} is a folder, not a saved game")


def _load(file: Path, error: type[click.ClickException]) -> Game:
    """A saved game, or ``error`` with `FILE:LINE:COLUMN: reason` (the format of check)."""
    from .core.storage import load_saved_game

    _not_a_folder(file, error)
    try:
        return load_saved_game(file)
    except SaveFileError as exc:
        raise error(f"{file}:{exc.line}:{exc.column}: {exc.reason}") from None
    except OSError as exc:
        raise error(f"{file}: cannot read it ({exc.strerror or exc})") from None


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--ascii", "ascii_mode", is_flag=True, help="Draw boards with ASCII only.")
@click.pass_context
def replay(ctx: click.Context, file: Path, ascii_mode: bool) -> None:
    """Watch a saved game again in the app (read-only; p plays on as a new game). Of a
    broken file, the moves before the fault are shown, with where and why it is broken."""
    from .core.storage import load_saved_game

    error: SaveFileError | None = None
    _not_a_folder(file, CommandError)
    try:
        game = load_saved_game(file)
    except SaveFileError as exc:
        if exc.game is None:
            raise CommandError(f"{file}:{exc.line}:{exc.column}: {exc.reason}") from None
        game, error = exc.game, exc
        say(f"{file}:{exc.line}:{exc.column}: {exc.reason} (showing the "
            f"{len(game.plies)} moves before it, read-only)")
    except OSError as exc:
        raise CommandError(f"{file}: cannot read it ({exc.strerror or exc})") from None
    from .ui.app import run_app

    ctx.exit(run_app(ascii=ascii_mode or ctx.obj.get("ascii", False), replay=game,
                     replay_name=file.name, replay_error=error, replay_path=file))


def _load_prefix(file: Path) -> tuple[Game, SaveFileError | None]:
    """A saved game for ``review``: the whole game, or the valid part of a broken file and
    its error; ``CheckError`` (exit 1, the messages of ``check``) when there is none."""
    from .core.storage import load_saved_game

    _not_a_folder(file, CheckError)
    try:
        return load_saved_game(file), None
    except SaveFileError as exc:
        if exc.game is None:
            raise CheckError(f"{file}:{exc.line}:{exc.column}: {exc.reason}") from None
        return exc.game, exc
    except OSError as exc:
        raise CheckError(f"{file}: cannot read it ({exc.strerror or exc})") from None


def _reviewed(game: Game, nodes: int | None, seed: int, reuse: bool):
    """The review, with a progress bar on stderr when it is a terminal."""
    from .ai.review import JUDGE, Budget, review_game

    budget = JUDGE if nodes is None else Budget(nodes=nodes, iterations=nodes)
    if not sys.stderr.isatty():
        return review_game(game, budget, seed, reuse=reuse)
    with click.progressbar(length=game.cursor + 1, label="reviewing", file=sys.stderr) as bar:
        def progress(_review, done: int, total: int) -> None:
            bar.length = max(total, 1)
            bar.update(done - bar.pos)

        return review_game(game, budget, seed, reuse=reuse, progress=progress)


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--nodes", type=click.IntRange(1), default=None,
              help="Search each position this long (alpha-beta nodes, or Monte Carlo "
                   "iterations) instead of the judge's own budget, which the app's review "
                   "uses too.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="The searches' seed.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
@click.option("--save", is_flag=True,
              help="Write the review into FILE as comments after the moves.")
@click.option("--fresh", is_flag=True,
              help="Search every ply again instead of reusing a review saved in FILE.")
def review(file: Path, nodes: int | None, seed: int, as_json: bool, save: bool,
           fresh: bool) -> None:
    """Review a saved game with the computer's judge (the hard level's own search): each
    side's chances after every ply, the move it preferred (the hint), marks (?! ? ??) for
    the moves that gave most away, each player's accuracy.
    Of a broken file, the moves before the fault are reviewed, then it exits 1 naming the
    fault's line like check."""
    import json

    from .ai.review_report import json_data, text_lines

    game, error = _load_prefix(file)
    if save and error is not None:
        raise CommandError(f"--save: {file} is broken at line {error.line}; a review is "
                           "only written into a valid saved game")
    result = _reviewed(game, nodes, seed, not fresh)
    where = None if error is None else {"line": error.line, "column": error.column,
                                        "reason": error.reason}
    if as_json:
        click.echo(json.dumps(json_data(result, game, where), ensure_ascii=False, indent=1))
    else:
        click.echo("\n".join(text_lines(result, game)))
    if save:
        _save_review(file, game, result)
    if error is not None:
        raise CheckError(f"{file}:{error.line}:{error.column}: {error.reason}")


def _save_review(file: Path, game: Game, result) -> None:
    """Write the review into the file as comments (atomically), and say so on stderr."""
    from .ai.review import annotate
    from .core.savefile import save_game

    written = annotate(game, result)
    if not written:
        say(f"not saved into {file}: a review made from what a spectator knows is not "
            "kept in the file")
        return
    try:
        save_game(game, file)
    except OSError as exc:
        raise CommandError(f"{file}: cannot write it ({exc.strerror or exc})") from None
    say(f"saved the review of {written} plies into {file}")


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--ply", type=click.IntRange(0), help="The ply to draw (default: the last).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              required=True, help="The SVG file to write.")
@click.option("--flip", is_flag=True, help="Turn the board through 180°.")
def export(file: Path, ply: int | None, output: Path, flip: bool) -> None:
    """Draw the position of a saved game at a ply as an SVG picture."""
    from .core.storage import folder_problem
    from .export import export_svg

    game = _load(file, CommandError)
    last = game.cursor
    if ply is not None and ply > last:
        raise CommandError(f"--ply {ply} is past the end; this game has {last} plies")
    problem = folder_problem(output)  # a typo in -o must not create folders
    if problem:
        raise CommandError(f"cannot write {output}: {problem}")
    try:
        export_svg(game, last if ply is None else ply, output, flipped=flip)
    except OSError as exc:
        raise CommandError(f"{output}: cannot write it ({exc.strerror or exc})") from None
    click.echo(f"wrote {output}")


@cli.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(1, 100000), default=10, show_default=True,
              help="How many games to play.")
@click.option("--level", type=click.Choice(["easy", "medium", "hard"]), default="easy",
              show_default=True, help="The computer players' level.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="The first seed.")
@click.option("--variant", help="Variant, e.g. 8x8 (Ordo) or 3 (Ochmir).")
def selfplay(game: str, games: int, level: str, seed: int, variant: str | None) -> None:
    """Computer against computer: win rates by seat, lengths, and how the games ended."""
    from .selfplay import format_report
    from .selfplay import selfplay as run_selfplay

    rules = _rules(game)
    variant = _variant(rules, variant)
    with click.progressbar(length=games, label=f"{rules.name}, {level}", file=sys.stderr) as bar:
        report = run_selfplay(rules.id, games, level, seed, variant=variant,
                              progress=lambda *_: bar.update(1))
    click.echo(format_report(report))


@cli.command()
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True,
              help="The port on localhost.")
def serve(port: int) -> None:
    """Serve the app to a web browser on this machine only (textual-serve)."""
    from textual_serve.server import Server

    command = f"{shlex.quote(sys.executable)} -m ogames"
    try:
        # tried first, so that a port in use is said before any banner; the server's own
        # bind below still answers the same way if the port is taken in between
        with socket.create_server(("localhost", port)):
            pass
        click.echo(f"ogames in the browser: http://localhost:{port} (Ctrl+C stops it)")
        Server(command, host="localhost", port=port, title="ogames").serve()
    except OSError as exc:
        raise CommandError(_port_problem(port, exc)) from None


def _port_problem(port: int, exc: OSError) -> str:
    """Why ``serve`` cannot listen on ``port``, and what to do about it."""
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} on localhost is in use: choose another with --port"
    if exc.errno == errno.EACCES:
        return f"port {port} on localhost is not allowed here: choose one above 1023"
    return f"cannot serve on port {port}: {exc.strerror or exc}"


@cli.command()
@click.argument("game")
@click.option("--reference", is_flag=True,
              help="Print the precise reference instead: notation, rulings, perft counts.")
def rules(game: str, reference: bool) -> None:
    """Print the rules of GAME, as a player reads them."""
    from .rules_doc import print_rules

    print_rules(_rules(game), reference=reference)


@cli.command()
@click.argument("game", required=False)
@click.option("--ascii", "ascii_mode", is_flag=True, help="Draw boards with ASCII only.")
@click.pass_context
def learn(ctx: click.Context, game: str | None, ascii_mode: bool) -> None:
    """Learn GAME by playing its lessons in the app (no GAME: choose one)."""
    learn_id = ""
    if game is not None:
        rules = _rules(game)
        if _course(rules) is None:
            raise CommandError(f"{rules.name} has no lessons yet")
        learn_id = rules.id
    from .ui.app import run_app

    ctx.exit(run_app(ascii=ascii_mode or ctx.obj.get("ascii", False), learn=learn_id))


def _course(rules: Rules):
    """The game's course, or None when it has none."""
    from .core.lessons import load_course

    return load_course(rules)


@cli.command()
@click.argument("game")
@click.option("--check", "check_them", is_flag=True,
              help="Play every lesson's solution through the engine and check that the "
                   "lessons teach every topic of the rules; exit 1 naming what is wrong.")
def lessons(game: str, check_them: bool) -> None:
    """List the lessons of GAME: number, title and the rule each teaches."""
    from .core.lessons import check_course

    rules = _rules(game)
    course = _course(rules)
    if course is None:
        if check_them:
            raise CheckError(f"{rules.name} has no lessons to check")
        say(f"{rules.name} has no lessons yet")
        return
    if not check_them:
        if course.problem:
            raise CheckError(f"{course.source}: {course.problem}")
        numbers: dict[bool, int] = {}
        for lesson in course.lessons:
            numbers[lesson.puzzle] = numbers.get(lesson.puzzle, 0) + 1
            number = f"{'P' if lesson.puzzle else ''}{numbers[lesson.puzzle]}"
            click.echo(f"{number:>3}. {lesson.title} — "
                       f"{', '.join(lesson.rules) or '?'}")
        return
    errors = check_course(rules, course)
    for error in errors:
        click.echo(f"ogames: {error}", err=True)
    if errors:
        raise CheckError(f"{len(errors)} problem{'s' if len(errors) != 1 else ''} in "
                         f"{course.source}")
    click.echo(f"{course.source}: {len(course.lessons)} lessons, all playable")


# ----- online play ------------------------------------------------------------------------


def _seat_number(text: str, started: Game, option: str) -> int:
    """A 1-based seat number → side index, checked against the game."""
    n = len(started.sides)
    if not text.isdigit() or not 1 <= int(text) <= n:
        raise CommandError(f"{option} '{shown(text, INPUT_SHOWN)}': {started.rules.name} has "
                           f"seats 1 to {n} ({', '.join(started.sides)})")
    return int(text) - 1


def _host_seats(started: Game, computers: tuple[str, ...], seat: int | None):
    """The room's seats: ``--computer SEAT:LEVEL`` for the computer's, a person's else;
    the host's own seat (None: it takes none) must be a person's."""
    from .ai.levels import LEVELS
    from .net.room import Holder

    holders = [Holder("person") for _ in started.sides]
    for given in computers:
        number, _, level = given.partition(":")
        side = _seat_number(number.strip(), started, "--computer")
        level = level.strip().casefold() or "easy"
        if level not in LEVELS:
            raise CommandError(f"--computer '{shown(given, INPUT_SHOWN)}': unknown level; "
                               f"choose one of {', '.join(LEVELS)}")
        holders[side] = Holder("computer", level=level)
    if seat is not None and holders[seat].kind == "computer":
        raise CommandError(f"--seat {seat + 1} is the computer's: take another seat, or "
                           "--no-seat")
    if not any(h.kind == "person" for h in holders):
        raise CommandError("every seat is the computer's: leave one to a person")
    return holders


def _clock(text: str | None):
    from .table.clock import ClockSetting

    if text is None:
        return None
    try:
        return ClockSetting.parse(text)
    except NotationError as exc:
        raise CommandError(f"--clock: {exc.reason}") from None


def _tls(cert: Path | None, key: Path | None):
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise CommandError("--tls-cert and --tls-key go together (a certificate and its key)")
    from .net.host import tls_context

    try:
        return tls_context(cert, key)
    except OgamesError as exc:
        raise CommandError(str(exc)) from None


def _listen_options(func):
    func = click.option("--tls-key", type=click.Path(path_type=Path), metavar="FILE",
                        help="The key of --tls-cert (PEM).")(func)
    func = click.option("--tls-cert", type=click.Path(path_type=Path), metavar="FILE",
                        help="Speak TLS (wss://) with this certificate chain (PEM).")(func)
    func = click.option("--public", is_flag=True,
                        help="Listen on every network interface (default: this machine "
                             "only, 127.0.0.1).")(func)
    func = click.option("--port", type=click.IntRange(0, 65535), default=7878,
                        show_default=True, help="The port to listen on (0: any free one).")(func)
    return func


@cli.command()
@click.argument("game", required=False)
@click.option("--variant", help="Variant, e.g. 8x8 (Ordo) or 3 (Ochmir).")
@click.option("--seed", type=SEED, help="Seed of the deal or bag (Onitama, Ochmir).")
@_listen_options
@click.option("--no-seat", is_flag=True, help="Take no seat: serve without the app.")
@click.option("--seat", type=click.IntRange(1, 3), default=1, show_default=True,
              help="Your seat, 1-based in side order.")
@click.option("--computer", "computers", multiple=True, metavar="SEAT:LEVEL",
              help="The computer (run by the host) plays SEAT at LEVEL; repeatable.")
@click.option("--clock", metavar="MIN+SEC", help="A game clock: minutes a side, seconds "
                                                 "added a move (e.g. 10+5).")
@click.option("--name", default="", help="Your name in the players box.")
@click.option("--rooms", is_flag=True, help="Serve many rooms with a lobby (as ogames server).")
@click.option("--on", "server_address", metavar="ADDRESS",
              help="Open the room on a server (ogames server) instead of here.")
@click.option("--open", "listed", is_flag=True,
              help="With --on: list the room in the server's lobby, where anyone may take "
                   "its free seats.")
@click.option("--ascii", "ascii_mode", is_flag=True, help="Draw boards with ASCII only.")
@click.pass_context
def host(ctx: click.Context, game: str | None, variant: str | None, seed: int | None,
         port: int, public: bool, tls_cert: Path | None, tls_key: Path | None,
         no_seat: bool, seat: int, computers: tuple[str, ...], clock: str | None, name: str,
         rooms: bool, server_address: str | None, listed: bool, ascii_mode: bool) -> None:
    """Open a room for GAME and play a friend elsewhere: one join line per free seat
    (ogames join ADDRESS CODE), plus one for spectators. Without GAME, go on with the
    rooms kept from before."""
    from .net.serve import HostPlan, NewRoom

    plan = HostPlan(bind="0.0.0.0" if public else "127.0.0.1", port=port,
                    ssl_context=_tls(tls_cert, tls_key), many=rooms)
    if game is not None:
        rules = _rules(game)
        started = _start(rules, None, variant, seed)
        holders = _host_seats(started, computers, None if no_seat or rooms else seat - 1)
        if server_address is not None:
            _host_on(ctx, _address(server_address), started, holders, clock, listed,
                     None if no_seat else seat - 1, name, ascii_mode)
            return
        plan.room = NewRoom(started, holders, _clock(clock))
    elif not rooms and not no_seat:
        raise CommandError("name the game to host (ogames host GAME), or --no-seat to go "
                           "on with the rooms kept from before")
    if no_seat or rooms:
        _serve(plan)
        return
    from .ui.app import run_app
    from .ui.online import HostStart

    ctx.exit(run_app(ascii=ascii_mode or ctx.obj.get("ascii", False),
                     online=HostStart(plan, seat - 1, name)))


def _host_on(ctx: click.Context, where, started: Game, holders, clock: str | None,
             listed: bool, seat: int | None, name: str, ascii_mode: bool) -> None:
    """``ogames host GAME --on ADDRESS``: the room made on a server; its join lines
    printed, and (with a seat) the app opened in it."""
    import asyncio

    from .net.address import join_line
    from .net.connection import JoinError, ask_lobby

    _clock(clock)  # checked here, in the words of this command
    message = {"type": "create", "game": started.rules.id, "variant": started.variant,
               "seats": [{"kind": h.kind, "level": h.level} for h in holders],
               "clock": clock, "seed": started.seed, "open": listed}
    try:
        made = asyncio.run(ask_lobby(where, message))
    except JoinError as exc:
        raise CommandError(str(exc)) from None
    codes = {int(c["side"]): str(c["code"]) for c in made["codes"]}
    lines = [f"room {made['room']} on {where}: {started.rules.name} ({started.variant})"]
    for side, code in codes.items():
        mine = side == seat
        lines.append(f"  {started.sides[side]}: "
                     + ("you, here" if mine else join_line(where, code)))
    lines.append(f"  spectators: {join_line(where, made['spectator'])}")
    if seat is None:
        click.echo("\n".join(f"ogames: {line}" for line in lines))
        return
    from .ui.app import run_app
    from .ui.online import JoinStart

    ctx.exit(run_app(ascii=ascii_mode or ctx.obj.get("ascii", False),
                     online=JoinStart(where, codes[seat], name, lines=tuple(lines))))


def _serve(plan) -> None:
    from .net.serve import run_host

    def say_out(line: str) -> None:
        click.echo(f"ogames: {line}")

    plan.say = say_out
    try:
        run_host(plan)
    except KeyboardInterrupt:
        pass


@cli.command()
@_listen_options
@click.pass_context
def server(ctx: click.Context, port: int, public: bool, tls_cert: Path | None,
           tls_key: Path | None) -> None:
    """Serve many rooms with a lobby: players on the network list the open rooms, make
    rooms and take free seats (ogames join ADDRESS)."""
    from .net.serve import HostPlan

    _serve(HostPlan(bind="0.0.0.0" if public else "127.0.0.1", port=port,
                    ssl_context=_tls(tls_cert, tls_key), many=True))


def _address(text: str):
    from .net.address import AddressError, parse_address

    try:
        return parse_address(text)
    except AddressError as exc:
        raise CommandError(str(exc)) from None


@cli.command()
@click.argument("address")
@click.argument("code", required=False)
@click.option("--room", "room_id", metavar="ROOM", help="A server's open room: take a free "
                                                        "seat of it.")
@click.option("--name", default="", help="Your name in the players box.")
@click.option("--insecure", is_flag=True, help="Do not check the host's TLS certificate.")
@click.option("--ascii", "ascii_mode", is_flag=True, help="Draw boards with ASCII only.")
@click.pass_context
def join(ctx: click.Context, address: str, code: str | None, room_id: str | None, name: str,
         insecure: bool, ascii_mode: bool) -> None:
    """Take your seat in a game a friend hosts: the ADDRESS and CODE of the join line.
    Without CODE, list a server's open rooms (ogames server); --room takes a seat of one."""
    import asyncio

    from .net.connection import JoinError, check_seat

    where = _address(address)
    try:
        if code is None:
            code = _lobby_seat(where, room_id, not insecure)
            if code is None:
                return
        first = asyncio.run(check_seat(where, code, verify_tls=not insecure))
    except JoinError as exc:
        raise CommandError(str(exc)) from None
    ended = first.get("outcome")
    if ended:
        raise CommandError(f"the game of this room is over ({ended.get('result')}, "
                           f"{ended.get('reason')}); it is kept in the host's saved games")
    from .ui.app import run_app
    from .ui.online import JoinStart

    ctx.exit(run_app(ascii=ascii_mode or ctx.obj.get("ascii", False),
                     online=JoinStart(where, code, name, not insecure)))


def _lobby_seat(where, room_id: str | None, verify_tls: bool) -> str | None:
    """A server's lobby: the code of a free seat of ``room_id``, or (without it) the open
    rooms printed and None. Raises JoinError."""
    import asyncio

    from .net.connection import ask_lobby

    if room_id is not None:
        answer = asyncio.run(ask_lobby(where, {"type": "claim", "room": room_id},
                                       verify_tls=verify_tls))
        return str(answer["code"])
    rooms = asyncio.run(ask_lobby(where, verify_tls=verify_tls)).get("rooms", [])
    if not rooms:
        click.echo(f"no open room on {where}: make one with ogames host GAME --on {where} "
                   "--open")
    for room in rooms:
        players = " vs ".join(shown(str(p), 20) for p in room.get("players", []))
        clock = f", clock {room['clock']}" if room.get("clock") else ""
        click.echo(f"{room['room']}  {room['name']} ({room['variant']}{clock})  {players}  "
                   f"free: {', '.join(room['free'])}  → ogames join {where} --room "
                   f"{room['room']}")
    return None


@cli.command()
@click.argument("address")
@click.argument("code")
@click.option("--level", type=click.Choice(["random", "easy", "medium", "hard"]),
              default="easy", show_default=True, help="How the bot plays.")
@click.option("--seed", type=SEED, help="The bot's seed (the same game the same way).")
@click.option("--insecure", is_flag=True, help="Do not check the host's TLS certificate.")
def bot(address: str, code: str, level: str, seed: int | None, insecure: bool) -> None:
    """Play a seat with the built-in computer: the reference client of the online
    protocol. Prints how the game ended and where it was kept."""
    from .net.bot import run_bot
    from .net.connection import JoinError

    where = _address(address)
    try:
        result = run_bot(where, code, level, seed, verify_tls=not insecure)
    except JoinError as exc:
        raise CommandError(str(exc)) from None
    except KeyboardInterrupt:
        sys.exit(130)
    if result.failed:
        raise CheckError(result.line)
    click.echo(result.line)
    if result.kept:
        click.echo(f"kept in {result.kept}")


def main(argv: list[str] | None = None) -> None:
    """Console entry point."""
    cli.main(args=argv, prog_name="ogames")
