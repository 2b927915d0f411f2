"""The saved-game format of CLARIFICATIONS §1.6, shared by every game.

A PGN-like UTF-8 text: tag lines, a blank line, the moves in canonical text with round
numbers, and a result token. Reading replays every move with full legality and, on the
first error, reports the 1-based line and column and keeps the game as far as it was good.

Comments ``{…}`` may stand between moves (§1.6). The commands in a comment after a move,
``[%name value]`` as PGN writes clock and evaluation annotations (a review writes
``{[%chance 0.62,0.38] [%best d4-d5]}``), are kept as the ply's ``comment`` and written
back after the move; the free text around them is not kept, so a file without commands is
written exactly as before.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import (
    IllegalMoveError,
    NotationError,
    OgamesError,
    SaveFileError,
    refusal_reason,
)
from .game import Game
from .notation import parse_number
from .outcome import TIME_FORFEIT, Outcome, parse_result_token, result_token
from .quoting import shown, visible
from .registry import find_rules
from .rng import SEED_LIMIT
from .rules import Rules

EXTENSION = ".ogame"
WRAP = 80

# A saved game is read whole into memory and replayed, so what a file may hold is bounded
# before it is read: a file from someone else must not take gigabytes or minutes (a 10 MB
# tag once took 1.7 GB). The longest games played (some 2,000 plies, each with a review's
# comment) take well under a tenth of each bound.
#: the largest file read, in bytes
MAX_FILE_BYTES = 1_000_000
#: the longest tag value (the redo tail of a long game is the longest tag written)
MAX_TAG_CHARS = 50_000
#: the longest comment, braces included (a review's is some 40 characters)
MAX_COMMENT_CHARS = 2_000
#: the longest move token (the longest chain of jumps is some 80 characters)
MAX_TOKEN_CHARS = 200
#: our tag of the number of plies in the move text (as PGN's): a file cut short, or a
#: line of moves dropped, then disagrees with it and is refused instead of being read as
#: a shorter game (a cut file ending in the Result tag read as a resignation)
PLY_COUNT_TAG = "PlyCount"
#: our own extra tag: the moves of the redo tail, so a resumed game keeps its redo
REDO_TAG = "Redo"
#: the characters of a tag line around its value: brackets, a key, quotes, a space
TAG_FRAME = 100
#: our own extra tag: the side whose time ran out, where the result does not say it (more
#: than two sides), as ``Resigned`` names the side that resigned
FLAGGED_TAG = "Flagged"

#: a command in a comment: ``[%chance 0.62,0.38]`` (no brackets inside the value)
_COMMAND = re.compile(r"\[%[A-Za-z][A-Za-z0-9]*(?:\s[^\[\]]*)?\]")
_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9]*)[ \t]+"((?:[^"\\]|\\["\\])*)"\][ \t]*$')
#: the next token of the move text after any spaces: a comment's ``{`` or a word
_NEXT_TOKEN = re.compile(r"\s*(\{|[^\s{]+)")
#: ASCII digits only: ``\d`` and ``str.isdigit`` also take ², ① or Arabic-Indic digits
_MOVE_NUMBER = re.compile(r"[0-9]+\.+$")


# ----- writing ---------------------------------------------------------------------------

def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _standard_start(game: Game):
    rules = game.rules
    if rules.uses_seed and game.seed is None:
        return None
    try:
        return rules.start(game.variant, game.seed if rules.uses_seed else None)
    except OgamesError:
        return None


def game_tags(game: Game) -> list[tuple[str, str]]:
    """The tags a writer writes, in the order of §1.6."""
    rules = game.rules
    tags: list[tuple[str, str]] = [("Game", rules.id), ("Variant", game.variant)]
    if game.date:  # a file read without a date is written back without one, not as ""
        tags.append(("Date", game.date))
    for side, player in zip(game.sides, game.players, strict=True):
        tags.append((side, player or "?"))
    if game.seed is not None:
        tags.append(("Seed", str(game.seed)))
    if rules.always_write_setup or game.start != _standard_start(game):
        tags.append(("Setup", rules.format_position(game.start)))
    outcome = game.outcome()
    tags.append(("Result", outcome.result_token if outcome else "*"))
    if outcome is not None:
        tags.append(("Termination", outcome.reason))
        for key, value in rules.extra_tags(game.position, outcome).items():
            tags.append((key, value))
        if game.resigned_side is not None and len(game.sides) > 2:
            tags.append(("Resigned", game.sides[game.resigned_side]))
        if game.flagged_side is not None and len(game.sides) > 2:
            tags.append((FLAGGED_TAG, game.sides[game.flagged_side]))
    tags.append((PLY_COUNT_TAG, str(game.cursor)))
    if game.can_redo:
        tags.append((REDO_TAG, " ".join(p.text for p in game.plies[game.cursor:])))
    return tags


def format_game(game: Game) -> str:
    """The whole saved-game text for ``game`` (moves up to the cursor)."""
    lines = [f'[{k} "{_quote(v)}"]' for k, v in game_tags(game)]
    lines.append("")
    sides = len(game.sides)
    units = []
    for i, ply in enumerate(game.moves_played):
        units.append(f"{i // sides + 1}. {ply.text}" if i % sides == 0 else ply.text)
        if ply.comment:
            units.append("{" + ply.comment.replace("{", "").replace("}", "") + "}")
    outcome = game.outcome()
    units.append(outcome.result_token if outcome else "*")
    line = ""
    for unit in units:
        if line and len(line) + 1 + len(unit) > WRAP:
            lines.append(line)
            line = unit
        else:
            line = f"{line} {unit}" if line else unit
    lines.append(line)
    return "\n".join(lines) + "\n"


def save_game(game: Game, path: str | os.PathLike[str]) -> Path:
    """Write atomically: a temporary file beside the target, then a rename, so a crash
    never leaves a half-written file and an old file survives a failed write. Missing
    folders are created (``storage.save_as`` is for a path a person typed)."""
    return write_atomic(Path(path), format_game(game))


def write_atomic(path: Path, text: str, *, make_folders: bool = True) -> Path:
    """Write ``text`` to ``path`` through a temporary file and a rename. ``make_folders``
    creates missing folders, for our own files in the data directory; a path a person
    chose passes False, and a missing folder is then an OSError (FileNotFoundError)."""
    if make_folders:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


# ----- reading -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Token:
    text: str
    line: int
    column: int


def _tokens(lines: list[str], first_line: int) -> Iterator[Token]:
    """Whitespace-separated tokens of the move text with positions; a comment is one
    token, ``{`` and its text up to the ``}`` (lines joined by a space), where it opens.
    A comment or a token longer than its bound is refused where it starts."""
    comment: list[str] | None = None  # the parts of an open comment
    opened = Token("", 0, 0)  # where it opened
    length = 0
    for offset, text in enumerate(lines):
        lineno = first_line + offset
        col = 0
        while col < len(text):
            if comment is not None:
                end = text.find("}", col)
                body = text[col:] if end < 0 else text[col:end]
                comment.append(body if end >= 0 else body + " ")
                length += len(comment[-1])
                if length > MAX_COMMENT_CHARS:
                    raise SaveFileError(f"this comment is longer than {MAX_COMMENT_CHARS:,} "
                                        "characters", opened.line, opened.column)
                if end < 0:
                    break
                yield Token("".join(comment), opened.line, opened.column)
                comment = None
                col = end + 1
                continue
            found = _NEXT_TOKEN.match(text, col)
            if found is None:  # only spaces are left on the line
                break
            start = found.start(1)
            if found.group(1) == "{":
                comment, opened, length = ["{"], Token("{", lineno, start + 1), 1
                col = start + 1
                continue
            col = found.end(1)
            if col - start > MAX_TOKEN_CHARS:
                raise SaveFileError(f"a move of more than {MAX_TOKEN_CHARS} characters "
                                    f"({shown(text[start:col], 20)})", lineno, start + 1)
            yield Token(text[start:col], lineno, start + 1)
    if comment is not None:
        raise SaveFileError("this comment is never closed with '}'", opened.line,
                            opened.column)


def _is_result_token(text: str) -> bool:
    return text == "*" or bool(re.fullmatch(r"(1|0|1/2|1/3)(-(1|0|1/2|1/3)){1,2}", text))


#: the tags of a file: key → (value, 1-based line, 1-based column of the value)
Tags = dict[str, tuple[str, int, int]]


def parse_game(text: str) -> Game:
    """Read a saved game. Raises SaveFileError (with ``.game`` = the valid prefix, or
    None when the headers themselves are bad)."""
    # only LF, CRLF and CR end a line: str.splitlines would also split at U+2028, form
    # feeds and the like, which may stand in a comment or a name, and shift every line number
    if len(text) > MAX_FILE_BYTES:
        raise SaveFileError(too_large(len(text.encode("utf-8"))), 1, 1)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    tags, moves_from = _read_tags(lines)
    game = _start_game(tags)
    declared = None
    if "Result" in tags:
        try:
            declared = parse_result_token(tags["Result"][0], len(game.sides))
        except NotationError as exc:
            raise _tag_error(tags, "Result", exc.reason, game) from None
    try:
        result_seen = _play_move_text(game, game.rules,
                                      _tokens(lines[moves_from:], moves_from + 1))
    except SaveFileError as exc:
        exc.game = game
        raise
    _check_ply_count(game, tags, lines)
    if result_seen is not None:
        declared = _check_result_token(game, result_seen, declared, tags)
        where = (result_seen.line, result_seen.column)
    else:
        where = (tags["Result"][1], tags["Result"][2]) if "Result" in tags else (len(lines), 1)
    _settle_result(game, declared, tags, where)
    if REDO_TAG in tags:
        _restore_redo(game, tags[REDO_TAG])
    return game


def too_large(size: int) -> str:
    """Why a file of ``size`` bytes is not read."""
    return (f"the file is {size / 1_000_000:.1f} MB, and a saved game is at most "
            f"{MAX_FILE_BYTES // 1_000_000} MB (is it a saved game?)")


def _check_ply_count(game: Game, tags: Tags, lines: list[str]) -> None:
    """A ``PlyCount`` tag must count the plies of the move text (a file without one is
    read as it is). Fewer plies: the file was cut, or lost a line, after the last one read,
    and reading on would take a shorter game, even a resignation, for the game played."""
    if PLY_COUNT_TAG not in tags:
        return
    raw, line, col = tags[PLY_COUNT_TAG]
    try:
        count = parse_number(raw, field=PLY_COUNT_TAG, high=10 ** 9)
    except NotationError:
        raise SaveFileError(f"the {PLY_COUNT_TAG} tag holds '{shown(raw)}': it counts the "
                            "plies of the moves, a whole number", line, col, game) from None
    read = game.cursor
    if count == read:
        return
    end = _last_line(lines)
    if count > read:
        stop = f"after ply {read}" if read else "before its first move"
        raise SaveFileError(f"the file is cut: its {PLY_COUNT_TAG} tag says {count} plies, "
                            f"but its moves stop {stop}", end, 1, game)
    raise SaveFileError(f"its {PLY_COUNT_TAG} tag says {count} plies, but it has {read} "
                        "moves: was the tag or a move edited?", line, col, game)


def _last_line(lines: list[str]) -> int:
    """The 1-based number of the last line that holds anything."""
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].strip():
            return index + 1
    return 1


def _read_tags(lines: list[str]) -> tuple[Tags, int]:
    """The tag lines at the top, and the index of the line after them, where the move
    text starts. A blank line ends the tags (blank lines before the first are skipped)."""
    tags: Tags = {}
    index = 0
    while index < len(lines):
        raw = lines[index]
        stripped = raw.strip()
        if not stripped:
            index += 1
            if tags:
                break
            continue
        if not stripped.startswith("["):
            break
        column = len(raw) - len(raw.lstrip()) + 1
        if len(stripped) > MAX_TAG_CHARS + TAG_FRAME:
            raise SaveFileError(f"this tag is longer than {MAX_TAG_CHARS:,} characters",
                                index + 1, column)
        match = _TAG_LINE.fullmatch(stripped)
        if not match:
            raise SaveFileError('a tag line looks like [Key "Value"] (only \\" and \\\\ are '
                                "escapes in the value)", index + 1, column)
        key = match.group(1)
        if len(match.group(2)) > MAX_TAG_CHARS:
            raise SaveFileError(f"this tag is longer than {MAX_TAG_CHARS:,} characters",
                                index + 1, column)
        if key in tags:
            raise SaveFileError(f"the tag {key} appears twice", index + 1, column)
        # a value is shown as it is written, except what would drive a terminal
        value = visible(re.sub(r"\\([\"\\])", r"\1", match.group(2)))
        value_column = column + stripped.index('"') + 1
        tags[key] = (value, index + 1, value_column)
        index += 1
    if "Game" not in tags:
        raise SaveFileError('a saved game starts with its [Game "..."] tag', 1, 1)
    return tags, index


def _tag_error(tags: Tags, key: str, message: str, game: Game | None = None) -> SaveFileError:
    """An error at the value of the tag ``key``."""
    _, line, col = tags[key]
    return SaveFileError(message, line, col, game)


def _start_game(tags: Tags) -> Game:
    """The game of the tags, at its start position, before any move: rules, variant,
    seed, Setup and player names."""
    try:
        rules = find_rules(tags["Game"][0])
    except OgamesError as exc:
        raise _tag_error(tags, "Game", str(exc)) from None
    try:
        variant = rules.parse_variant(tags["Variant"][0] if "Variant" in tags else None)
    except NotationError as exc:
        raise _tag_error(tags, "Variant", exc.reason) from None
    seed = _read_seed(tags)
    if "Setup" in tags:
        try:
            start = rules.parse_position(tags["Setup"][0], variant if "Variant" in tags else None)
        except NotationError as exc:
            value, line, col = tags["Setup"]
            raise SaveFileError(f"the Setup position is not valid: {exc.reason}", line,
                                col + (exc.column - 1 if exc.column else 0)) from None
        if seed is None:
            seed = rules.seed_of(start)
    elif rules.uses_seed:
        if seed is None:
            raise SaveFileError(f"{_article(rules.name)} {rules.name} game needs a Seed or a "
                                "Setup tag", 1, 1)
        start = rules.start(variant, seed)
    else:
        start = rules.start(variant)
    sides = rules.sides(rules.variant_of(start))
    players = tuple(tags[s][0] if s in tags else "?" for s in sides)
    return Game(rules, start, seed if rules.uses_seed else None, players,
                tags["Date"][0] if "Date" in tags else "")


def _read_seed(tags: Tags) -> int | None:
    """The Seed tag's number, if there is one: ASCII digits below 2^64 (CLARIFICATIONS
    §1.2), refused by its length before ``int()`` meets a number of any size."""
    if "Seed" not in tags:
        return None
    raw = tags["Seed"][0]
    try:
        return parse_number(raw, field="Seed", high=SEED_LIMIT - 1)
    except NotationError:
        shown = raw if len(raw) <= 12 else raw[:12] + "…"
        raise _tag_error(tags, "Seed", f"the Seed tag holds '{shown}': a seed is a whole "
                                       f"number from 0 to {SEED_LIMIT - 1}") from None


def _check_result_token(game: Game, token: Token, declared, tags: Tags):
    """The shares of the result token at the end of the move text, which must equal the
    Result tag (a missing tag reads as ``*``, so a misspelled one is not taken on trust)."""
    try:
        shares = parse_result_token(token.text, len(game.sides))
    except NotationError as exc:
        raise SaveFileError(exc.reason, token.line, token.column, game) from None
    if "Result" not in tags and shares is not None:
        # §1.6: the token is identical to the Result tag, and a missing tag reads as "*"
        raise SaveFileError(f"the result token {token.text} differs from the Result tag, "
                            f"which is missing (read as *); a misspelled tag is ignored",
                            token.line, token.column, game)
    if "Result" in tags and shares != declared:
        raise SaveFileError(f"the result token {token.text} differs from the Result "
                            f"tag {tags['Result'][0]}", token.line, token.column, game)
    return shares


def _article(name: str) -> str:
    """``an`` before a vowel (an Ochmir game, an Onitama game), else ``a``."""
    return "an" if name[:1].casefold() in ("a", "e", "i", "o", "u") else "a"


def _play_move_text(game: Game, rules: Rules, tokens: Iterator[Token]) -> Token | None:
    """Play the move tokens; return the result token if there is one. The commands of a
    comment after a move become that ply's comment."""
    result_seen: Token | None = None
    pending: Token | None = None
    played = False  # a move of this text was played: a comment may belong to it
    for token in tokens:
        if token.text.startswith("{"):
            if played and pending is None and result_seen is None:
                _keep_commands(game, token.text[1:])
            continue
        if result_seen is not None:
            raise SaveFileError("nothing may follow the result token", token.line,
                                token.column)
        if pending is None and _MOVE_NUMBER.fullmatch(token.text):
            continue
        if pending is None and _is_result_token(token.text):
            result_seen = token
            continue
        if pending is None and rules.move_joins_next_token(token.text):
            pending = token
            continue
        move_text = f"{pending.text} {token.text}" if pending else token.text
        where = pending or token
        pending = None
        _play(game, move_text, where)
        played = True
    if pending is not None:
        raise SaveFileError(f"'{pending.text}' must be followed by the rest of its move",
                            pending.line, pending.column)
    return result_seen


def _keep_commands(game: Game, comment: str) -> None:
    """Add the ``[%…]`` commands of ``comment`` to the last ply's comment."""
    commands = [visible(" ".join(c.split())) for c in _COMMAND.findall(comment)]
    if commands:
        ply = game.plies[game.cursor - 1]
        game.annotate(game.cursor, " ".join(filter(None, [ply.comment, *commands])))


#: a move number glued to its move (``12.c2-c3``), as other notations allow
_GLUED_NUMBER = re.compile(r"([0-9]+\.+)(\S+)")


def _play(game: Game, text: str, where: Token) -> None:
    try:
        game.play_text(text)
    except (NotationError, IllegalMoveError) as exc:
        raise SaveFileError(_refusal(game.cursor + 1, text, exc), where.line, where.column,
                            game) from None


def _refusal(number: int, text: str, exc: Exception) -> str:
    """Why move ``number`` was refused, in the terms of the hand-edits that cause it most:
    a tag line below the blank line, a move number without its space."""
    if text.startswith("["):
        return ("a tag line among the moves: every tag goes before the one blank line that "
                "starts the moves")
    message = f"move {number} '{text}' is refused: {refusal_reason(text, exc)}"
    glued = _GLUED_NUMBER.fullmatch(text)
    if glued:
        message += f"; put a space after a move number: '{glued[1]} {glued[2]}'"
    return message


def _settle_result(game: Game, declared, tags: Tags, where: tuple[int, int]) -> None:
    """Check the declared result and the Termination tag against the final position;
    record resignations and agreed draws, which are not moves."""
    decided = game.outcome()
    line, col = where
    if decided is not None:
        if declared != decided.shares:
            expected = decided.result_token
            raise SaveFileError(f"the result must be {expected}: the final position is "
                                f"already decided ({decided.reason})", line, col, game)
        _check_termination(game, tags, decided.reason,
                           f"the final position is already decided ({decided.reason})")
        return
    if declared is None:
        _check_termination(game, tags, None, "the game is not over: its result is *")
        return
    sides = game.sides
    if tags.get("Termination", ("",))[0] == TIME_FORFEIT:
        _settle_time_forfeit(game, declared, tags, where)
        return
    draw = "Resigned" not in tags and len(set(declared)) == 1
    _check_termination(game, tags, "draw agreed" if draw else "resigned",
                       f"the final position decides nothing, so {result_token(declared)} "
                       f"{'is a draw by agreement' if draw else 'is a resignation'}")
    if "Resigned" in tags:
        name = tags["Resigned"][0]
        if name not in sides:
            _, rl, rc = tags["Resigned"]
            raise SaveFileError(f"Resigned names no side of this game ({', '.join(sides)})",
                                rl, rc, game)
        game.resign(sides.index(name))
        if game.agreed is not None and game.agreed.shares != declared:
            raise SaveFileError("the result does not match the resignation", line, col, game)
        return
    if draw:
        game.agree_draw()
        return
    if len(sides) == 2:
        game.resign(declared.index(min(declared)))
        return
    game.agreed = Outcome(declared, "resigned")


def _settle_time_forfeit(game: Game, declared, tags: Tags, where: tuple[int, int]) -> None:
    """A game lost on time: the side named by ``Flagged`` (two sides: the one the result
    says lost) ran out of time, and the result must be what that gives."""
    sides = game.sides
    if FLAGGED_TAG in tags:
        name, fl, fc = tags[FLAGGED_TAG]
        if name not in sides:
            raise SaveFileError(f"{FLAGGED_TAG} names no side of this game "
                                f"({', '.join(sides)})", fl, fc, game)
        side = sides.index(name)
    elif len(sides) == 2 and len(set(declared)) == 2:
        side = declared.index(min(declared))
    else:
        raise _tag_error(tags, "Termination", f"a game lost on time needs a {FLAGGED_TAG} tag "
                         "naming the side whose time ran out", game)
    game.flag(side)
    if game.agreed is not None and game.agreed.shares != declared:
        raise SaveFileError("the result does not match the time forfeit", *where, game)


def _check_termination(game: Game, tags: Tags, expected: str | None, why: str) -> None:
    """A Termination tag must say how the game ended: ``expected`` (None: it may have none,
    the game is not over); ``why`` says so in the error, which points at the tag's value."""
    if "Termination" not in tags or tags["Termination"][0] == expected:
        return
    if expected is None:
        message = f"a Termination belongs to a finished game, and {why}"
    else:
        message = f"the Termination must be '{expected}': {why}"
    raise _tag_error(tags, "Termination", message, game)


def _restore_redo(game: Game, tag: tuple[str, int, int]) -> None:
    """Replay the redo tail, then step back to where the game was; a bad tail is dropped."""
    value, _, _ = tag
    if game.agreed is not None or not value.strip():
        return
    cursor = game.cursor
    tokens = value.split()
    i = 0
    try:
        while i < len(tokens):
            text = tokens[i]
            if game.rules.move_joins_next_token(text) and i + 1 < len(tokens):
                text = f"{text} {tokens[i + 1]}"
                i += 1
            game.play_text(text)
            i += 1
    except OgamesError:
        pass
    game.goto(cursor)


def load_game(path: str | os.PathLike[str]) -> Game:
    """Read a saved game file (raises SaveFileError, or OSError for an unreadable file)."""
    return parse_game(decode(read_bytes(path)))


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a saved game's file; a file over ``MAX_FILE_BYTES`` is a SaveFileError
    before more than that is read (OSError when it cannot be read)."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            size = os.fstat(handle.fileno()).st_size
            raise SaveFileError(too_large(max(size, len(data))), 1, 1)
    return data


def decode(data: bytes) -> str:
    """UTF-8 text, or a SaveFileError naming where the first undecodable byte is."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8", errors="replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        raise SaveFileError("this is not UTF-8 text (is it a saved game?)", line, column) from None
    if "\x00" in text:
        before = text[: text.index("\x00")]
        line = before.count("\n") + 1
        raise SaveFileError("this file holds binary data, not a saved game", line,
                            len(before) - (before.rfind("\n") + 1) + 1)
    return text.lstrip("\ufeff")


def summary(game: Game) -> str:
    """One line: game, variant, number of moves, result."""
    outcome = game.outcome()
    if outcome is None:
        result = "unfinished"
    elif outcome.is_draw:
        result = f"draw ({outcome.reason})"
    else:
        winners = " and ".join(game.sides[i] for i in outcome.winners)
        result = f"{winners} won ({outcome.reason})"
    n = game.cursor
    return (f"{game.rules.name} ({game.variant}): {n} move{'s' if n != 1 else ''}, "
            f"{result_token(outcome.shares) if outcome else '*'} — {result}")
