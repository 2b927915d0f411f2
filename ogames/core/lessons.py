"""A game's course: short lessons played on the real board, judged by the engine.

Lessons are data, not code: one file per game, ``lessons.toml`` in the game's package,
read here with ``tomllib``. Nothing in this module knows which game it teaches; what a
goal may say about a position that only the game understands ("a piece was captured")
comes from the game as named checks (``Rules.lesson_goals``).

The file
--------
::

    [course]
    # topics of the game's rules.md that no lesson needs to teach, each with the reason
    not_taught = { "Tips" = "advice, not a rule" }

    [[lesson]]
    id = "slide"                     # unique and stable: progress is kept by it
    title = "One piece slides"       # short; shown in the course list
    rule = "A turn / Singleton move" # the topic(s) of rules.md it teaches (a list is fine)
    position = "10/10/10/10/10/10/2WW6/10 w"   # the start, in the game's position text;
                                     # none: the game's start (``variant``, ``seed`` then)
    puzzle = true                    # optional: listed as a puzzle
    instruction = "Slide c2 as far forward as it can go."
    accept = ["c2-c8"]               # the right moves (any text parse_move reads) ...
    goal = ["wins"]                  # ... and/or conditions the move must meet (all)
    solution = "c2-c8"               # the answer (default: the first accepted move)
    explanation = "Why the move was right, shown when it is played."
    hint = "The hint key shows this first; pressed again, the solution."
    wrong = "Why a legal move that is not right misses (optional)."
    wrong_moves = { "c2-c3" = "Why this one misses, in particular (optional)." }
    reply = "a7-a6"                  # optional: the opponent's scripted answer

A lesson of several moves lists them as ``[[lesson.step]]`` tables, each with the step
keys above (instruction … reply); the lesson itself then keeps only id, title, rule,
position, variant, seed and puzzle. A step that another step follows needs a ``reply``,
so that the learner is to move again.

A goal condition is one of:

* ``"wins"`` — the move wins the game for the mover; ``"wins: REASON"`` — and the game
  ends for that reason (a Termination keyword, e.g. ``"wins: no pieces"``);
* ``"position: TEXT"`` — the position after the move is TEXT;
* ``"safe"`` — the game goes on and no reply of the player to move next wins at once
  (a defence);
* ``"NAME"`` — the game's own check of that name (``Rules.lesson_goals``), given the
  position before, the move and the position after;
* ``"not "`` in front of any of these — the condition must not hold.

Judging and checking
--------------------
A move is right when it is one of ``accept`` (if given) and meets every ``goal``
condition. A legal move that is not right is refused with its ``wrong_moves`` reason, else
(when it would win at once) a word that the step asks for something else first, else
``wrong``, else a generic reason; a move the rules forbid never reaches the judge (the
game's own entry refuses it). ``check_lesson`` plays a lesson through the engine: the
position must be legal and unfinished, every move the file names legal, the solution
right (so some legal move meets the goal), and every right move of a step that goes on
is followed into its reply and the next step, so that the learner can never get stuck.

Topics (``rule``)
-----------------
The topics of a rules text are its headings from level 2 down (``## A turn``) and the bold
run-in titles that open a paragraph (``**Ordo move.** An ordo is …``), named by their path:
``"A turn"``, ``"A turn / Ordo move"``. A course teaches every leaf topic (a heading without
topics under it, or a run-in title) of the game's ``rules.md`` unless ``not_taught`` names
it or a topic above it; ``check_course`` says which are left over.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from .course_file import FILE_NAME, course_package, read_course_text
from .errors import OgamesError
from .game import Game
from .rules import Move, Position, Rules

#: a game's named goal check: (position before, move, position after) → met?
GoalCheck = Callable[[Position, Move, Position], bool]
#: the most right moves ``check_lesson`` follows into the next step or the reply
MAX_BRANCHES = 64

_LESSON_KEYS = {"id", "title", "rule", "position", "variant", "seed", "puzzle", "step"}
_SHARED_GOALS = ("wins", "position", "safe")
_STEP_KEYS = {"instruction", "accept", "goal", "solution", "explanation", "hint", "wrong",
              "wrong_moves", "reply"}


class LessonError(OgamesError):
    """A course file, or one lesson of it, that cannot be used: ``source`` names the file,
    ``lesson`` the lesson's id (None: the whole file)."""

    def __init__(self, source: str, lesson: str | None, reason: str) -> None:
        self.source, self.lesson, self.reason = source, lesson, reason
        where = f"{source}: lesson '{lesson}'" if lesson is not None else source
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class Step:
    """One move the learner makes: what to do, what counts as right, what to say."""

    instruction: str
    accept: tuple[str, ...] = ()
    goal: tuple[str, ...] = ()
    solution: str = ""
    explanation: str = ""
    hint: str = ""
    wrong: str = ""
    wrong_moves: tuple[tuple[str, str], ...] = ()
    reply: str | None = None


@dataclass(frozen=True)
class Lesson:
    """A lesson; ``problem`` says why it cannot be played (shown as unavailable)."""

    id: str
    title: str
    rules: tuple[str, ...] = ()
    position: str | None = None
    variant: str | None = None
    seed: int | None = None
    puzzle: bool = False
    steps: tuple[Step, ...] = ()
    problem: str | None = None


@dataclass(frozen=True)
class Course:
    """A game's lessons in order. ``problem``: why the file could not be read at all."""

    game: str
    source: str
    lessons: tuple[Lesson, ...] = ()
    not_taught: tuple[tuple[str, str], ...] = ()
    problem: str | None = None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(lesson.id for lesson in self.lessons)


@dataclass(frozen=True)
class Verdict:
    """The judge's answer for one move: right (``text`` says why) or not (why not)."""

    right: bool
    text: str


# ----- reading the file --------------------------------------------------------------------


def course_source(rules: Rules) -> str:
    """The course file's name as messages show it (``ogames/games/<id>/lessons.toml``)."""
    return "/".join(course_package(rules).split(".")) + "/" + FILE_NAME


def course_text(rules: Rules) -> str | None:
    """The text of the game's course file, or None when the game has none."""
    try:
        return read_course_text(rules)
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(course_source(rules), None, f"cannot read it ({exc})") from None


def has_course(rules: Rules) -> bool:
    """Whether the game has a course file (readable or not: opening it says what is wrong)."""
    try:
        return course_text(rules) is not None
    except LessonError:
        return True


#: the courses read, by game id and file text: the picker asks for every course's size each
#: time it is shown, and reading a course (TOML, positions) is the costly part
_COURSES: dict[tuple[str, str | None], Course | None] = {}


def load_course(rules: Rules, text: str | None = None) -> Course | None:
    """The game's course (``text``: the file's text, else read from the package); None
    when the game has none. Never raises for a bad file: a file that cannot be read at all
    is a course with a ``problem``, a malformed lesson a lesson with one."""
    try:
        text = course_text(rules) if text is None else text
    except LessonError as exc:
        return Course(rules.id, course_source(rules), problem=exc.reason)
    key = (rules.id, text)
    if key not in _COURSES:
        _COURSES[key] = _load_course(rules, text)
    return _COURSES[key]


def _load_course(rules: Rules, text: str | None) -> Course | None:
    import tomllib  # here: the picker's course counts read no course (``course_index``)

    source = course_source(rules)
    try:
        if text is None:
            return None
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return Course(rules.id, source, problem=f"not valid TOML: {exc}")
    except LessonError as exc:
        return Course(rules.id, source, problem=exc.reason)
    try:
        return _course(rules, source, data)
    except LessonError as exc:
        return Course(rules.id, source, problem=exc.reason)


def _course(rules: Rules, source: str, data: dict[str, Any]) -> Course:
    unknown = set(data) - {"course", "lesson"}
    if unknown:
        raise LessonError(source, None, f"unknown table or key {sorted(unknown)[0]!r} "
                                        "(the file holds [course] and [[lesson]] tables)")
    head = _table(data.get("course", {}), "[course]")
    extra = set(head) - {"not_taught"}
    if extra:
        raise LessonError(source, None, f"unknown key {sorted(extra)[0]!r} in [course]")
    not_taught = _text_table(head.get("not_taught", {}), "not_taught")
    raw = data.get("lesson", [])
    if not isinstance(raw, list) or not raw:
        raise LessonError(source, None, "no [[lesson]] tables")
    lessons: list[Lesson] = []
    for number, item in enumerate(raw, start=1):
        lesson = _lesson_or_problem(rules, item, number)
        if lesson.id in {done.id for done in lessons}:
            lesson = replace(lesson, problem=f"the id {lesson.id!r} is used twice")
        lessons.append(lesson)
    return Course(rules.id, source, tuple(lessons), not_taught)


def _lesson_or_problem(rules: Rules, item: Any, number: int) -> Lesson:
    """Lesson ``number`` (1-based) read from its table; what is wrong with it goes into
    its ``problem``, so that the rest of the course stays playable."""
    name = f"#{number}"
    if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"].strip():
        name = item["id"].strip()
    title = item.get("title") if isinstance(item, dict) else None
    try:
        return _lesson(rules, _table(item, f"lesson {name}"), name)
    except ValueError as exc:
        return Lesson(name, title if isinstance(title, str) else f"Lesson {number}",
                      problem=str(exc))


def _lesson(rules: Rules, item: dict[str, Any], name: str) -> Lesson:
    steps_raw = item.get("step")
    own_step = {k: v for k, v in item.items() if k in _STEP_KEYS}
    unknown = set(item) - _LESSON_KEYS - _STEP_KEYS
    if unknown:
        raise ValueError(f"unknown key {sorted(unknown)[0]!r}")
    if "id" not in item:
        raise ValueError("no id")
    if steps_raw is None:
        steps = (_step(own_step, "the lesson"),)
    elif own_step:
        raise ValueError(f"{sorted(own_step)[0]!r} belongs in a [[lesson.step]] when the "
                         "lesson has steps")
    elif not isinstance(steps_raw, list) or not steps_raw:
        raise ValueError("'step' must be a list of [[lesson.step]] tables")
    else:
        steps = tuple(_step(_table(s, f"step {k}"), f"step {k}")
                      for k, s in enumerate(steps_raw, start=1))
    rule = item.get("rule", [])
    rule_list = [rule] if isinstance(rule, str) else rule
    seed = item.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError("'seed' must be a whole number")
    lesson = Lesson(name, _text(item, "title"), tuple(_texts(rule_list, "rule")),
                    _text(item, "position", None), _text(item, "variant", None), seed,
                    _flag(item, "puzzle"), steps)
    if not lesson.rules:
        raise ValueError("no 'rule': name the topic of the rules text it teaches")
    _check_goal_names(rules, lesson)
    return lesson


def _step(raw: dict[str, Any], where: str) -> Step:
    unknown = set(raw) - _STEP_KEYS
    if unknown:
        raise ValueError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    try:
        accept = tuple(_texts(raw.get("accept", []), "accept"))
        goal_raw = raw.get("goal", [])
        goal = tuple(_texts([goal_raw] if isinstance(goal_raw, str) else goal_raw, "goal"))
        solution = _text(raw, "solution", "") or (accept[0] if accept else "")
        step = Step(_text(raw, "instruction"), accept, goal, solution,
                    _text(raw, "explanation"), _text(raw, "hint", ""), _text(raw, "wrong", ""),
                    tuple(_text_table(raw.get("wrong_moves", {}), "wrong_moves")),
                    _text(raw, "reply", None))
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    if not accept and not goal:
        raise ValueError(f"{where}: neither 'accept' nor 'goal': nothing could be right")
    if not solution:
        raise ValueError(f"{where}: no 'solution' (the answer that h shows)")
    return step


def _check_goal_names(rules: Rules, lesson: Lesson) -> None:
    names = set(rules.lesson_goals())
    for step in lesson.steps:
        for condition in step.goal:
            kind, arg = _condition(condition)
            if kind == "position":
                try:
                    rules.parse_position(arg)
                except OgamesError as exc:
                    raise ValueError(f"goal {condition!r}: {exc}") from None
            elif kind not in _SHARED_GOALS and kind not in names:
                known = ", ".join(sorted({"wins", "wins: REASON", "position: TEXT", "safe",
                                          *names}))
                raise ValueError(f"unknown goal {condition!r}; a goal is one of: {known}")


# the small readers: a wrong type is a ValueError naming the key

def _table(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a table")
    return value


def _text(table: dict[str, Any], key: str, default: Any = ...) -> Any:
    value = table.get(key, default)
    if value is ...:
        raise ValueError(f"no {key!r}")
    if value is not default and (not isinstance(value, str) or not value.strip()):
        raise ValueError(f"{key!r} must be a text that is not empty")
    return value.strip() if isinstance(value, str) else value


def _texts(values: Any, key: str) -> list[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) and v.strip() for v in values):
        raise ValueError(f"{key!r} must be a list of texts")
    return [v.strip() for v in values]


def _text_table(value: Any, key: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ValueError(f"{key!r} must be a table of texts")
    return tuple((k.strip(), v.strip()) for k, v in value.items())


def _flag(table: dict[str, Any], key: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise ValueError(f"{key!r} must be true or false")
    return value


# ----- playing a lesson ------------------------------------------------------------------


def start_game(rules: Rules, lesson: Lesson, players: tuple[str, ...] = ()) -> Game:
    """The lesson's start as a game. Raises ``OgamesError`` (a bad position or variant)."""
    variant = rules.parse_variant(lesson.variant) if lesson.variant else None
    if lesson.position is not None:
        pos = rules.parse_position(lesson.position, variant)
        return Game.from_position(rules, pos, players)
    return Game.new(rules, variant, lesson.seed, players)


def _condition(text: str) -> tuple[str, str]:
    """``"wins: goal"`` → ("wins", "goal"); ``"not capture"`` → ("capture", "")."""
    text = text.removeprefix("not ").strip()
    kind, _, arg = text.partition(":")
    return kind.strip(), arg.strip()


def meets(rules: Rules, condition: str, before: Position, move: Move) -> bool:
    """Whether ``move`` in ``before`` meets one goal condition (see the module's text)."""
    negated = condition.startswith("not ")
    kind, arg = _condition(condition)
    after = rules.apply(before, move)
    if kind == "wins":
        met = _wins(rules, before, move, arg)
    elif kind == "position":
        met = rules.format_position(after) == rules.format_position(rules.parse_position(arg))
    elif kind == "safe":
        met = rules.outcome(after) is None and not any(
            _wins(rules, after, reply) for reply in rules.moves(after))
    else:
        met = bool(rules.lesson_goals()[kind](before, move, after))
    return met != negated


def _wins(rules: Rules, pos: Position, move: Move, reason: str = "") -> bool:
    """Whether ``move`` wins the game for the side that makes it (for ``reason``)."""
    outcome = rules.outcome(rules.apply(pos, move))
    return (outcome is not None and outcome.winners == (rules.to_move(pos),)
            and (not reason or outcome.reason == reason))


def _moves_of(rules: Rules, pos: Position, texts: Iterable[str]) -> dict[Move, str]:
    """The moves the texts name in ``pos`` (texts that name no legal move are left out:
    ``check_lesson`` reports them)."""
    found = {}
    for text in texts:
        try:
            found[rules.parse_move(pos, text)] = text
        except OgamesError:
            continue
    return found


def judge(rules: Rules, step: Step, pos: Position, move: Move) -> Verdict:
    """Is ``move`` (legal in ``pos``) what ``step`` asks for? Right: the explanation; wrong:
    the reason it misses (the step's own, or a sensible default)."""
    accepted = _moves_of(rules, pos, step.accept)
    right = (not step.accept or move in accepted) and all(
        meets(rules, c, pos, move) for c in step.goal)
    if right:
        return Verdict(True, step.explanation)
    reasons = dict(step.wrong_moves)
    named = _moves_of(rules, pos, reasons)  # move → its text in wrong_moves
    text = rules.move_text(pos, move)
    if move in named:
        reason = reasons[named[move]]
    elif _wins(rules, pos, move):  # clever, but the lesson has something else to show
        reason = "that would win at once! But this step asks for something else first."
    else:
        reason = step.wrong or "it is legal, but not what this lesson asks."
    return Verdict(False, f"{text}: {reason}")


@dataclass
class Tutor:
    """One lesson being played on ``game``: which step is next, the judge of each move,
    the scripted replies. The screen plays the learner's right moves on ``game`` itself
    (so the board machinery stays the game's), then calls ``advance``."""

    rules: Rules
    lesson: Lesson
    game: Game
    step_index: int = 0
    done: bool = False
    #: the side the learner plays (the side to move at the start)
    learner: int = field(init=False)

    def __post_init__(self) -> None:
        self.learner = self.rules.to_move(self.game.position)

    @property
    def step(self) -> Step:
        return self.lesson.steps[min(self.step_index, len(self.lesson.steps) - 1)]

    def judge(self, move: Move) -> Verdict:
        return judge(self.rules, self.step, self.game.position, move)

    def answer(self) -> Move | None:
        """The step's solution as a move of the current position (None if it is not one:
        the course check reports that)."""
        try:
            return self.rules.parse_move(self.game.position, self.step.solution)
        except OgamesError:
            return None

    def advance(self) -> str | None:
        """After the learner's right move was played: the scripted reply (played on the
        game; its text is returned, or None), then the next step, or the lesson done.
        Raises ``OgamesError`` when the reply is not legal here (a broken lesson)."""
        reply = self.step.reply
        text = None
        if reply is not None and self.game.outcome() is None:
            text = self.game.play_text(reply).text
        self.step_index += 1
        self.done = self.step_index >= len(self.lesson.steps) or self.game.outcome() is not None
        return text


# ----- checking a course -------------------------------------------------------------------


def check_lesson(rules: Rules, lesson: Lesson) -> list[str]:
    """What is wrong with a lesson when played through the engine (empty: nothing): its
    position must be legal and unfinished, each accepted move, listed wrong move and
    solution legal, the solution must meet the goal (so some legal move does), and every
    right move of a step that goes on must leave the reply and the next step playable."""
    if lesson.problem:
        return [lesson.problem]
    if not lesson.steps:
        return ["no steps"]
    try:
        game = start_game(rules, lesson)
    except OgamesError as exc:
        return [f"position: {exc}"]
    if game.outcome() is not None:
        return ["the game is already over in its start position"]
    return _check_step(rules, lesson, game, 0, rules.to_move(game.start), "")


def _check_step(rules: Rules, lesson: Lesson, game: Game, k: int, learner: int,
                path: str) -> list[str]:
    step = lesson.steps[k]
    where = (f"step {k + 1}" if len(lesson.steps) > 1 else "") + path
    where = f"{where}: " if where else ""
    pos = game.position
    if game.outcome() is not None:
        return [f"{where}the game is over before this step"]
    if rules.to_move(pos) != learner:
        return [f"{where}it is not the learner's turn (the step before needs a reply)"]
    problems = [f"{where}{what} {text!r} is refused: {why}"
                for what, text, why in _refused(rules, game, step)]
    if problems:
        return problems
    solution = rules.parse_move(pos, step.solution)
    verdict = judge(rules, step, pos, solution)
    if not verdict.right:
        problems.append(f"{where}the solution {step.solution!r} does not meet the goal")
    for text, _ in step.wrong_moves:
        if judge(rules, step, pos, rules.parse_move(pos, text)).right:
            problems.append(f"{where}{text!r} is listed in wrong_moves but meets the goal")
    for text in step.accept:
        if not judge(rules, step, pos, rules.parse_move(pos, text)).right:
            problems.append(f"{where}the accepted move {text!r} does not meet the goal")
    if problems or (step.reply is None and k + 1 == len(lesson.steps)):
        return problems
    return _check_branches(rules, lesson, game, k, learner, path)


def _refused(rules: Rules, game: Game, step: Step) -> Iterable[tuple[str, str, str]]:
    """(what, text, why) for each move the step names that is not legal in the game."""
    named = [("accepted move", t) for t in step.accept] + [("solution", step.solution)] + [
        ("wrong move", t) for t, _ in step.wrong_moves]
    for what, text in named:
        trial = _copy(game)
        try:
            trial.play_text(text)
        except OgamesError as exc:
            yield what, text, str(exc)


def _right_moves(rules: Rules, game: Game, step: Step) -> list[Move]:
    pos = game.position
    pool = list(_moves_of(rules, pos, step.accept)) if step.accept else game.legal_moves()
    return [m for m in pool if judge(rules, step, pos, m).right]


def _check_branches(rules: Rules, lesson: Lesson, game: Game, k: int, learner: int,
                    path: str) -> list[str]:
    """Follow every right move of step ``k`` into the reply and the next step."""
    step = lesson.steps[k]
    right = _right_moves(rules, game, step)
    if len(right) > MAX_BRANCHES:
        return [f"step {k + 1}: {len(right)} moves are right and the lesson goes on: list "
                "the few right ones in 'accept'"]
    problems: list[str] = []
    for move in right:
        trial = _copy(game)
        played = trial.play(move).text
        branch = f"{path} after {played}"
        if step.reply is not None:
            if trial.outcome() is not None:
                continue  # the game is won: nothing to reply, and the lesson is done
            try:
                trial.play_text(step.reply)
            except OgamesError as exc:
                problems.append(f"step {k + 1}{branch}: the reply {step.reply!r} is "
                                f"refused: {exc}")
                continue
        if k + 1 < len(lesson.steps):
            if trial.outcome() is not None:
                continue  # won (or lost) before the next step: the lesson ends there
            problems += _check_step(rules, lesson, trial, k + 1, learner, branch)
    return problems


def _copy(game: Game) -> Game:
    return replace(game, plies=list(game.plies))


# ----- topics of the rules text ------------------------------------------------------------

_HEADING = re.compile(r"^(#{2,6})[ \t]+(.+?)[ \t#]*$")
_RUN_IN = re.compile(r"^\*\*([^*]+?)\*\*")


@dataclass(frozen=True)
class Topic:
    """A heading or run-in title of a rules text, by its path; ``leaf``: nothing under it."""

    path: str
    leaf: bool


def rule_topics(markdown: str) -> tuple[Topic, ...]:
    """The topics of a rules text (see the module's text), in order."""
    paths: list[str] = []
    stack: list[tuple[int, str]] = []  # the headings above the line: (level, title)
    fenced = False
    blank = True
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        heading = _HEADING.match(line)
        run_in = _RUN_IN.match(line) if blank else None
        if heading:
            level, title = len(heading.group(1)), heading.group(2).strip()
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, title))
            paths.append(" / ".join(t for _, t in stack))
        elif run_in:
            title = run_in.group(1).strip().rstrip(".:").strip()
            paths.append(" / ".join([t for _, t in stack] + [title]))
        blank = not line.strip() or bool(heading)
    return tuple(Topic(p, not any(q.startswith(p + " / ") for q in paths)) for p in paths)


def _under(path: str, topic: str) -> bool:
    return path == topic or path.startswith(topic + " / ")


def untaught(course: Course, topics: Iterable[Topic]) -> list[str]:
    """The leaf topics that no lesson teaches and ``not_taught`` does not excuse."""
    named = {r for lesson in course.lessons for r in lesson.rules}
    excused = [t for t, _ in course.not_taught]
    return [t.path for t in topics if t.leaf and not any(_under(t.path, n) for n in named)
            and not any(_under(t.path, e) for e in excused)]


def unknown_topics(course: Course, topics: Iterable[Topic]) -> list[tuple[str, str]]:
    """(lesson id or "not_taught", name) for each topic named that the rules text lacks."""
    known = {t.path for t in topics}
    found = [(lesson.id, r) for lesson in course.lessons for r in lesson.rules if r not in known]
    return found + [("not_taught", t) for t, _ in course.not_taught if t not in known]


def check_course(rules: Rules, course: Course) -> list[LessonError]:
    """Everything wrong with a course: the file, each lesson played through the engine,
    topics named that the rules text lacks, and topics no lesson teaches."""
    if course.problem:
        return [LessonError(course.source, None, course.problem)]
    errors = [LessonError(course.source, lesson.id, text)
              for lesson in course.lessons for text in check_lesson(rules, lesson)]
    topics = rule_topics(rules.rules_markdown())
    for lesson_id, name in unknown_topics(course, topics):
        errors.append(LessonError(course.source, lesson_id if lesson_id != "not_taught"
                                  else None, f"{name!r} is not a topic of the rules text"))
    for path in untaught(course, topics):
        errors.append(LessonError(course.source, None, f"no lesson teaches {path!r}"))
    return errors
