"""Learning a game by playing it: the games with a course, a game's course (each lesson
done or not yet), and the lesson screen itself.

A lesson is played on the game screen's own board and move entry: ``LessonScreen`` is a
``GameScreen`` whose moves are judged (``core.lessons``) before they count. A right move is
played and explained, and the scripted reply follows; a wrong but legal one is taken back
at once with the reason; an illegal selection is refused by the usual entry, with the
game's usual words. Nothing of a lesson is autosaved or kept among the saved games: only
which lessons are done (``core.progress``)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core.autosave import Keeper
from ...core.course_index import course_counts
from ...core.entry import Entry
from ...core.errors import OgamesError
from ...core.lessons import (
    Course,
    Lesson,
    Tutor,
    check_lesson,
    load_course,
    start_game,
)
from ...core.progress import load_progress, mark_done
from ...core.registry import available_ids, get_rules
from ...core.rules import Rules
from ...table.computer import Hint
from ...table.table import Table
from ..widgets.footer import FittedFooter
from ..widgets.history import HistoryList
from ..widgets.panel import PanelView, PlayersView, panel_height
from .board_actions import HISTORY_ROWS, SIDE_PANEL_WIDTH
from .game import GameScreen
from .leaving import LeavesOnce
from .room import NeedsRoom, room_css

log = logging.getLogger("ogames.ui")

DONE_MARK, TODO_MARK, BROKEN_MARK = "✓", "·", "✗"
#: how the game screen's start-up word on an unusual position begins (``GameScreen.on_mount``)
WARNING_NOTE = "Note: "
#: the lesson box's columns that are no text: its border, its padding, the scroll bar
BOX_FRAME = 2 + 2 + 1


def key_for(screen: type, action: str) -> str:
    """The key a screen binds to ``action``, as the footer shows it."""
    for cls in screen.__mro__:
        for binding in getattr(cls, "BINDINGS", ()):
            if isinstance(binding, Binding) and binding.action == action:
                return binding.key_display or binding.key.split(",")[0]
    return "?"


def packed(parts: Sequence[str], width: int, between: str = " · ") -> list[str]:
    """``parts`` in lines of ``width`` columns, ``between`` them on a line, each part kept
    whole on one line ("q: course", never "q:" at one line's end and "course" below);
    a part longer than the width has a line of its own."""
    lines: list[str] = []
    for part in parts:
        if lines and cell_len(lines[-1] + between + part) <= width:
            lines[-1] += between + part
        else:
            lines.append(part)
    return lines


def lesson_number(course: Course, index: int) -> str:
    """"3" for the third lesson, "P2" for the second puzzle (numbered on their own)."""
    lesson = course.lessons[index]
    same = [i for i, other in enumerate(course.lessons) if other.puzzle == lesson.puzzle]
    return ("P" if lesson.puzzle else "") + str(same.index(index) + 1)


def lesson_label(course: Course, index: int) -> str:
    """"Lesson 3 of 14" or "Puzzle 2 of 3" (puzzles are numbered on their own)."""
    lesson = course.lessons[index]
    same = [i for i, other in enumerate(course.lessons) if other.puzzle == lesson.puzzle]
    kind = "Puzzle" if lesson.puzzle else "Lesson"
    return f"{kind} {same.index(index) + 1} of {len(same)}"


def course_parts(course: Course) -> str:
    """What the course's count is made of, as each lesson's and puzzle's heading numbers
    them on their own (": 11 lessons, 3 puzzles"); "" for a course of lessons only."""
    puzzles = sum(lesson.puzzle for lesson in course.lessons)
    if not puzzles:
        return ""
    lessons = len(course.lessons) - puzzles
    return (f": {lessons} lesson{'s' if lessons != 1 else ''}, "
            f"{puzzles} puzzle{'s' if puzzles != 1 else ''}")


# ----- the lesson -------------------------------------------------------------------------


class LessonText(VerticalScroll, can_focus=False):
    """The lesson box's texts (the board keeps the keys; the wheel scrolls them), scrolled
    so that what matters is in sight: the instruction's beginning (the box is at least as
    tall as the instruction, see ``LessonScreen._make_room``), then what was said under it
    (why a move was taken back, the hint, the answer); once solved, the explanation. Their
    layout settles a refresh or more after they change, and changes with the window: each
    time it does, they are scrolled again."""

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-result")
        yield Static(id="lesson-step")
        yield Static(id="lesson-help")

    def follow(self) -> None:
        """The texts were changed: scroll once they are laid out."""
        self.call_after_refresh(self._scroll)

    def on_resize(self) -> None:
        self._scroll()

    def _scroll(self) -> None:
        step, help = self.query_one("#lesson-step"), self.query_one("#lesson-help")
        if not step.display:  # solved: from the top, the explanation
            self.scroll_home(animate=False)
            return
        top = step.virtual_region.y  # the instruction's first line at the top ...
        if help.display:  # ... or as little under it as shows all of what follows it
            below = help.virtual_region
            rows = self.scrollable_content_region.height
            top = max(top, min(below.y, below.bottom - rows))
        self.scroll_to(y=top, animate=False)


class KeyLine(Static):
    """The lesson's keys, under its texts: as many to a line as fit, each whole."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.keys: tuple[str, ...] = ()

    def show(self, keys: Sequence[str]) -> None:
        self.keys = tuple(keys)
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(packed(self.keys, width)) or 1

    def render(self) -> Text:
        return Text("\n".join(packed(self.keys, self.content_size.width)))


class LessonTable(Table):
    """The table of a lesson's game: the computer plays no seat (the opponent's replies
    are scripted) and nothing is handed over: the board always shows the learner's view.
    The computer's hint is the lesson's answer, highlighted as a hint is."""

    def __init__(self, game, learner: int) -> None:
        super().__init__(game, keeper=Keeper(game))
        self.learner = learner

    @property
    def handoff(self) -> bool:
        return False

    def viewer_for(self, mover: int, current: int | None) -> int | None:
        return self.learner

    def status(self, picking: bool, ascii: bool = False) -> str | None:
        return None  # the lesson box says what the answer is


class LessonScreen(GameScreen):
    """One lesson on the real board (see the module's text). Dismissed with "next" when
    the player asks for the next lesson, else None."""

    BINDINGS = [
        Binding("n", "next_lesson", "next lesson"),
        Binding("r", "restart", "again"),
        Binding("q", "leave", "course"),
        Binding("f", "flip", "flip", show=False),  # the footer's room for the lesson keys
    ]
    #: the footer's keys, most important first (``FittedFooter``): the lesson's own keys
    #: before the game screen's
    FOOTER_PRIORITY = ("leave", "next_lesson", "hint", "rules", "restart", "type_move",
                       "cursor('left')", "select", "clear")
    #: the game screen's actions that a lesson has no use for
    OFF_ACTIONS = frozenset({"undo", "redo", "save", "review", "new_game"})
    purpose = "learn"
    #: the status line once the lesson is solved
    SOLVED = "Solved! n: the next lesson · r: play it again · q: the course"

    DEFAULT_CSS = """
    LessonScreen #lesson { height: 1fr; border: round $accent 60%; padding: 0 1; }
    LessonScreen #lesson-text {
        height: 1fr; scrollbar-size-vertical: 1; scrollbar-gutter: stable;
    }
    LessonScreen #lesson-text > Static { height: auto; }
    LessonScreen #lesson-text > .after { margin-top: 1; }
    LessonScreen #lesson-keys { height: auto; color: $text-muted; }
    """

    def __init__(self, rules: Rules, course: Course, index: int, *, ascii: bool = False) -> None:
        self.course, self.index = course, index
        self.lesson: Lesson = course.lessons[index]
        game = start_game(rules, self.lesson)
        learner = rules.to_move(game.start)
        game.players = tuple("You" if i == learner else "Lesson" for i in range(len(game.sides)))
        super().__init__(game, ascii=ascii, table=LessonTable(game, learner))
        self.flipped = learner == 1 and len(game.sides) == 2  # the learner at the bottom
        self.tutor = Tutor(rules, self.lesson, game)
        #: what the box says about the last step: why it was right, the reply
        self.result: list[Text] = []
        #: what it says under the instruction of this step: the hint, the answer
        self.help: Text | None = None
        #: why the last move of this step was taken back
        self.miss: Text | None = None
        #: how often h was pressed in this step (the hint, then the answer)
        self.hints = 0
        #: progress could not be written (said once in the box)
        self.unsaved: str | None = None

    async def on_mount(self) -> None:
        """The lesson box, in the move list's place (all of it mounted before the game
        screen draws). Textual runs ``GameScreen.on_mount`` itself, right after this (a
        handler of each class in turn): calling it here too ran it twice, and its second
        start-up note came back over the lesson."""
        box = Vertical(LessonText(id="lesson-text"), KeyLine(id="lesson-keys"), id="lesson")
        await self.query_one("#side").mount(box, before=self.query_one(HistoryList))
        self.show_lesson()

    # ----- what a lesson does differently from a game ---------------------------------

    def autosave(self, changed: bool = True) -> None:
        """A lesson is never autosaved nor kept among the saved games."""

    def fit_window(self) -> None:
        super().fit_window()
        for history in self.query(HistoryList).results():
            history.display = False  # the lesson box takes its place
        for box in self.query("#lesson").results():
            self._make_room(box)

    def _make_room(self, box: Widget) -> None:
        """The lesson box keeps the rows its instruction and its keys need (the game's
        panel is sized to leave it none in a small window): the players give way first
        (the status line says whose turn it is), then the panel scrolls (the items the
        learner may pick stay in view, ``PanelView``); whatever is left goes to the box."""
        if self._layouts is None:
            return
        status = self.query_one("#status").styles.height  # one or two rows (``fit_window``)
        rows = self.app.size.height - 2 - (int(status.value) if status is not None else 1)
        side = self.query_one("#side").styles.width  # as ``fit_window`` just set it
        width = int(side.value) if side is not None else SIDE_PANEL_WIDTH[0]
        need = min(self._lesson_rows(width), max(1, rows - HISTORY_ROWS))  # a panel too
        box.styles.min_height = need
        players = self.query_one(PlayersView)
        players_rows = (players.rows or len(self.game.sides)) + 2
        wanted = panel_height(self._sections, width - 2)
        players.display = rows - need - players_rows >= wanted
        room = rows - need - (players_rows if players.display else 0)
        self.query_one(PanelView).fit_room(max(1, room))

    def _lesson_rows(self, width: int) -> int:
        """The rows the box needs at ``width`` columns for the lesson's longest
        instruction and the key line under it (all steps alike: the board does not jump)."""
        text_width = max(8, width - BOX_FRAME)
        longest = max(Content(step.instruction).get_height({}, text_width)
                      for step in self.lesson.steps)
        keys = max(len(packed(self._keys(done), text_width + 1)) for done in (False, True))
        return 2 + longest + keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.OFF_ACTIONS:
            return False
        if action == "next_lesson":
            return True
        if action in self.MOVE_ACTIONS and self.tutor.done:
            return False  # solved: nothing more to enter
        return super().check_action(action, parameters)

    def position_changed(self, changed: bool = True, opening: bool = False) -> None:
        if not changed and not self.game.plies and self.message.startswith(WARNING_NOTE):
            self.message = ""  # a lesson's position is small on purpose: no word about it
        super().position_changed(changed, opening)
        if self.tutor.done:  # solved: the board stays as it is, and says so
            self.entry = Entry(self.rules, self.game.position, (),
                               closed="this lesson is solved: n for the next one, r again")
            self.refresh_bindings()
            self.picks_changed()

    def _draw_title(self) -> None:
        self.query_one("#title", Static).update(
            f"ogames · Learn {self.rules.name} · {lesson_label(self.course, self.index)}: "
            f"{self.lesson.title}")

    def _draw_status(self) -> None:
        if self.tutor.done and not self.message:
            status = self.query_one("#status", Static)
            status.remove_class("refused")
            self._status(self.SOLVED)
            return
        super()._draw_status()

    # ----- judging moves ------------------------------------------------------------------

    def play(self, move) -> bool:
        """The one place a complete move arrives (keys and mouse alike): judged first."""
        if self.tutor.done:
            return False
        verdict = self._safe("the lesson's goal", lambda: self.tutor.judge(move))
        if verdict is None:
            self._draw_status()
            return False
        if not verdict.right:  # never played: as good as taken back at once
            self._taken_back(move, verdict.text)
            return False
        if not super().play(move):
            return False  # refused by the game itself: the status says why
        self._advance(verdict.text)
        return True

    def _taken_back(self, move, reason: str) -> None:
        """A wrong move: the reason in the status and the box, the cursor back on the
        piece to try again; a typed one closes the move box, so that the next keys (the
        hint's) reach the board, not the box."""
        self.message = f"Taken back — {reason}"
        self.miss = Text("✗ Taken back — " + reason, style="bold")
        paths = self._safe("pick paths", lambda: self.rules.pick_paths(self.game.position, move),
                           ())
        origin = next((p.key for p in (paths[0] if paths else self.picks) if p.kind == "cell"),
                      None)
        self.cursor = origin or self.cursor
        self.picks = ()
        self.show_lesson()
        if self.has_class("typing"):
            self._close_move_box()  # the board has the focus and is redrawn
        else:
            self.picks_changed()

    def _advance(self, explanation: str) -> None:
        """After a right move: the reply, the next step or the end, and what to say."""
        self.result = [Text("✓ " + explanation, style="green")]
        self.help = self.miss = None
        try:
            reply = self.tutor.advance()
        except OgamesError as exc:  # the course check catches this; never crash on it
            log.warning("lesson %s: %s", self.lesson.id, exc)
            self.message = f"this lesson is broken: the reply is refused ({exc})"
            self.tutor.done = True
            reply = None
        if reply is not None:
            mover = self.game.sides[self.rules.to_move(self.game.position_at(self.game.cursor - 1))]
            self.result.append(Text(f"{mover} answers {reply}.", style="bold"))
        self.hints = 0
        if self.tutor.done:
            self._finish()
        self.position_changed()
        self.show_lesson()

    def _finish(self) -> None:
        try:
            mark_done(self.rules.id, self.lesson.id)
        except OSError as exc:
            self.unsaved = f"(Your progress could not be saved: {exc.strerror or exc}.)"

    # ----- the lesson box -----------------------------------------------------------------

    def show_lesson(self) -> None:
        """The box: the lesson's title (and step) on its border; what the last move did; this
        step's instruction; why a move was taken back, the hint or the answer; and under
        them, always in sight, the keys. The texts scroll when the box is short, the
        instruction kept in view (``LessonText``)."""
        lesson, tutor = self.lesson, self.tutor
        box = self.query_one("#lesson", Vertical)
        box.border_title = Text(lesson.title)
        steps = len(lesson.steps)
        if steps > 1:
            shown = min(tutor.step_index + (0 if tutor.done else 1), steps)
            box.border_subtitle = f"move {shown} of {steps}"
        result = Text("\n\n").join(self.result)
        step = Text()
        if tutor.done and self.unsaved:
            step = Text(self.unsaved, style="red")
        elif not tutor.done:
            step = Text(tutor.step.instruction)
        help = Text("\n\n").join(t for t in (self.miss, self.help) if t is not None)
        shown_before = False
        for name, text in (("result", result), ("step", step), ("help", help)):
            part = self.query_one(f"#lesson-{name}", Static)
            part.update(text)
            part.display = bool(text.plain)
            part.set_class(shown_before, "after")
            shown_before = shown_before or part.display
        self.query_one(KeyLine).show(self._keys(tutor.done))
        self.query_one(LessonText).follow()

    def _keys(self, done: bool) -> list[str]:
        """The lesson's keys (the footer of an 80-column window has no room for them)."""
        keys = ((("next_lesson", "next lesson"), ("restart", "again"), ("leave", "course"))
                if done else
                (("hint", "a hint, then the answer"), ("next_lesson", "skip"),
                 ("leave", "course")))
        parts = [f"{key_for(type(self), action)}: {words}" for action, words in keys]
        if done:
            parts[0] = "Solved! " + parts[0]
        return parts

    def action_hint(self) -> None:
        """The step's hint first, then its answer, highlighted on the board."""
        if self.tutor.done:
            return
        self.hints += 1
        step = self.tutor.step
        self.message = ""
        self.miss = None
        if self.hints == 1 and step.hint:
            self.help = Text("Hint: " + step.hint, style="italic")
        else:
            self._show_answer()
        self.show_lesson()
        self.picks_changed()

    def _show_answer(self) -> None:
        move = self._safe("the answer", self.tutor.answer)
        if move is None:
            self.help = Text("(This lesson's answer is not a legal move here.)")
            return
        pos, rules = self.game.position, self.rules
        paths = self._safe("pick paths", lambda: rules.pick_paths(pos, move), ())
        path = tuple(paths[0]) if paths else ()
        cells = frozenset(p.key for p in path if p.kind == "cell")
        text = rules.move_text(pos, move)
        self.computer.hint = Hint(move, text, cells, self.game.cursor, path)
        first = next((p.key for p in path if p.kind == "cell"), None)
        self.picks = ()
        if first is not None:
            self.cursor = first
        order = " then ".join(p.key for p in path if p.kind == "cell")
        self.help = Text(f"Answer: {text} — select {order} (highlighted).", style="bold")

    # ----- keys ---------------------------------------------------------------------------

    def action_restart(self) -> None:
        """The lesson from its start again (done stays done)."""
        self.game.goto(0)
        self.game.truncate()
        self.tutor = Tutor(self.rules, self.lesson, self.game)
        self.result, self.help, self.miss, self.hints, self.message = [], None, None, 0, ""
        self.position_changed(changed=False)
        self.refresh_bindings()
        self.show_lesson()

    def action_next_lesson(self) -> None:
        self.dismiss("next")

    def action_leave(self, stay: Callable[[], None] | None = None) -> None:
        self.dismiss(None)


# ----- a game's course --------------------------------------------------------------------


class CourseScreen(LeavesOnce, NeedsRoom, Screen[None]):
    """A game's lessons in order, each done or not yet; Enter opens one. A lesson that
    cannot be played (its file entry or position is broken) is listed as unavailable."""

    AUTO_FOCUS = "#lessons"
    MIN_SIZE = (40, 8)
    PURPOSE = "choose a lesson"

    BINDINGS = [
        Binding("escape,q", "close", "back"),
        Binding("question_mark,f1", "rules", "rules", key_display="?"),
    ]

    DEFAULT_CSS = """
    CourseScreen #course-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    CourseScreen #course-note { height: auto; padding: 0 1; color: $text-warning; }
    CourseScreen #lessons { height: 1fr; border: round $foreground 25%; }
    CourseScreen #lessons:focus { border: round $accent; }
    """ + room_css("CourseScreen", ["#course-title", "#course-note", "#lessons"])

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        self.course = load_course(rules) or Course(rules.id, "", problem="no lessons yet")
        #: why each lesson cannot be played (None: it can)
        self.problems: list[str | None] = [
            (problems[0] if (problems := self._problems(lesson)) else None)
            for lesson in self.course.lessons]
        self.progress = load_progress()

    def _problems(self, lesson: Lesson) -> list[str]:
        try:
            return check_lesson(self.rules, lesson)
        except Exception as exc:  # an engine bug in one lesson leaves the others playable
            log.exception("checking lesson %s", lesson.id)
            return [f"{type(exc).__name__}: {exc}"]

    def compose(self) -> ComposeResult:
        yield Static(id="course-title", markup=False)
        yield Static(id="course-note", markup=False)
        lessons = OptionList(id="lessons")
        lessons.border_title = "Lessons (Enter opens one)"
        yield lessons
        yield self.notice()
        yield FittedFooter()

    def on_mount(self) -> None:
        self.refresh_list()
        notes = []
        if self.course.problem:
            notes.append(f"The course cannot be read: {self.course.problem}")
        if self.progress.problem:
            notes.append(f"Your progress could not be read ({self.progress.problem}): the "
                         "course starts over.")
        note = self.query_one("#course-note", Static)
        note.update("\n".join(notes))
        note.display = bool(notes)
        lessons = self.query_one("#lessons", OptionList)
        done = self.progress.of(self.rules.id)
        todo = [i for i, lesson in enumerate(self.course.lessons)
                if lesson.id not in done and self.problems[i] is None]
        if todo:
            lessons.highlighted = todo[0]
        self.fit_room()

    def on_resize(self) -> None:
        self.fit_room()

    def on_screen_resume(self) -> None:
        self.call_later(self.fit_room)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.room_allows(action)

    def refresh_list(self) -> None:
        """The list as the progress says now, with the same lesson highlighted."""
        course = self.course
        done = self.progress.of(self.rules.id)
        count = self.progress.count(self.rules.id, course.ids)
        self.query_one("#course-title", Static).update(
            f"Learn {self.rules.name} — {count} of {len(course.lessons)} done"
            f"{course_parts(course)}")
        lessons = self.query_one("#lessons", OptionList)
        keep = lessons.highlighted
        options = []
        for i, lesson in enumerate(course.lessons):
            mark = BROKEN_MARK if self.problems[i] else DONE_MARK if lesson.id in done \
                else TODO_MARK
            prompt = Text.assemble(f"{mark} ", (f"{lesson_number(course, i):>3}.", "bold"),
                                   f" {lesson.title}")
            if self.problems[i]:
                prompt.append(f"\n      unavailable: {self.problems[i]}", style="dim red")
            else:
                prompt.append(f"\n      {', '.join(lesson.rules)}", style="dim")
            options.append(Option(prompt, id=f"lesson-{i}", disabled=bool(self.problems[i])))
        lessons.set_options(options)
        if keep is not None and keep < len(options):
            lessons.highlighted = keep

    @on(OptionList.OptionSelected, "#lessons")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.open_lesson(event.option_index)

    def open_lesson(self, index: int) -> None:
        """Play lesson ``index``; after it, the next one if the player asked for it."""
        if self.problems[index] is not None:
            self.notify(f"This lesson cannot be played: {self.problems[index]}")
            return
        ascii = bool(getattr(self.app, "ascii", False))
        try:
            screen = LessonScreen(self.rules, self.course, index, ascii=ascii)
        except OgamesError as exc:
            self.notify(f"This lesson cannot be played: {exc}")
            return
        self.app.push_screen(screen, lambda result: self._after_lesson(index, result))

    def _after_lesson(self, index: int, result: str | None) -> None:
        self.progress = load_progress()
        self.refresh_list()
        lessons = self.query_one("#lessons", OptionList)
        following = [i for i in range(index + 1, len(self.course.lessons))
                     if self.problems[i] is None]
        if result == "next" and following:
            lessons.highlighted = following[0]
            self.open_lesson(following[0])
        elif result == "next":
            self.notify(f"That was the last lesson of {self.rules.name}. Now play a game!")
            lessons.highlighted = index

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.rules))

    def action_close(self) -> None:
        self.dismiss(None)


# ----- the games with a course -------------------------------------------------------------


class LearnScreen(LeavesOnce, NeedsRoom, Screen[None]):
    """Every game, with how much of its course is done (``ogames learn`` without a game);
    Enter opens one's course."""

    AUTO_FOCUS = "#courses"
    MIN_SIZE = (40, 8)
    PURPOSE = "choose a game to learn"

    BINDINGS = [Binding("escape,q", "close", "back")]

    DEFAULT_CSS = """
    LearnScreen #learn-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    LearnScreen #courses { height: 1fr; border: round $foreground 25%; }
    LearnScreen #courses:focus { border: round $accent; }
    """ + room_css("LearnScreen", ["#learn-title", "#courses"])

    def compose(self) -> ComposeResult:
        yield Static("Learn a game by playing it — Enter opens its course", id="learn-title")
        yield OptionList(id="courses")
        yield self.notice()
        yield FittedFooter()

    def on_mount(self) -> None:
        self.refresh_list()
        self.fit_room()

    def on_resize(self) -> None:
        self.fit_room()

    def on_screen_resume(self) -> None:
        self.refresh_list()
        self.call_later(self.fit_room)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.room_allows(action)

    def refresh_list(self) -> None:
        courses = self.query_one("#courses", OptionList)
        keep = courses.highlighted
        progress = load_progress()
        options = []
        for gid in available_ids():
            rules = get_rules(gid)
            counts = course_counts(rules, progress)
            words = ("no course yet" if counts is None
                     else f"{counts[0]}/{counts[1]} lessons done")
            options.append(Option(Text.assemble((rules.name, "bold"), f"  {words}"),
                                  id=gid, disabled=counts is None))
        courses.set_options(options)
        courses.highlighted = keep if keep is not None else next(
            (i for i, o in enumerate(options) if not o.disabled), None)

    @on(OptionList.OptionSelected, "#courses")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.app.push_screen(CourseScreen(get_rules(event.option.id)))

    def action_close(self) -> None:
        self.dismiss(None)
