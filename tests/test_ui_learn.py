"""Learn mode in the app (Pilot): a lesson played by keys and one by mouse, each with a
right move, a wrong but legal move, an illegal selection and the hint; progress kept
across a restart; a damaged progress file; a broken lesson; the ways in (picker, rules,
``ogames learn``)."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Static

from ogames.core import lessons as lessons_module
from ogames.core.board import cell
from ogames.core.game import Game
from ogames.core.lessons import rule_topics
from ogames.core.progress import progress_path
from ogames.core.registry import available_ids, get_rules
from ogames.ui.app import OgamesApp
from ogames.ui.screens.learn import CourseScreen, LearnScreen, LessonScreen, key_for
from ogames.ui.screens.picker import PickerScreen
from ogames.ui.screens.rules import RulesScreen

from .conftest import GAME_IDS
from .uihelp import (
    SIZE,
    click_cell,
    pick_key,
    play_clicks,
    position,
    status,
    ui_test,
    wait_for,
)

HINT = key_for(LessonScreen, "hint")


def box(app) -> str:
    """What the lesson box says: the title and step on its border, then its texts."""
    lesson = app.screen.query_one("#lesson")
    parts = [lesson.border_title or "", lesson.border_subtitle or ""]
    parts += [str(w.render()) for w in lesson.query(Static) if w.display]
    return "\n".join(parts).replace("\u00a0", " ")


def words(text: str) -> str:
    return " ".join(text.split())


def beside_board(app) -> str:
    """What the window shows right of the board, as a person reads it: line by line,
    without box borders and scroll bars, one text wrapped over lines read whole."""
    s = app.screen
    right = s.query_one("#board").region.right
    lines = [strip.text[right:] for strip in s._compositor.render_strips()]
    return words(" ".join(line.strip(" │╭╮╰╯─▁▂▃▄▅▆▇█") for line in lines))


async def course_open(pilot) -> CourseScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, CourseScreen))
    return pilot.app.screen


async def open_lesson(pilot, lesson_id: str) -> LessonScreen:
    """From the course list, by keys: the lesson's row, then Enter."""
    course = await course_open(pilot)
    index = course.course.ids.index(lesson_id)
    await pilot.press("home")
    for _ in range(index):
        await pilot.press("down")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LessonScreen)
                   and pilot.app.screen.cursor is not None)
    lesson = pilot.app.screen
    assert lesson.lesson.id == lesson_id
    return lesson


def progress() -> dict:
    return json.loads(progress_path().read_text("utf-8"))


@ui_test
async def test_a_lesson_by_keys() -> None:
    """"Stay together": CLARIFICATIONS §2.4.3's example. e7-e8 reaches rank 8 but leaves
    d6 alone (illegal); d6-d7 keeps the pair together without winning (legal, wrong);
    d6-d8 wins (right)."""
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=SIZE) as pilot:
        lesson = await open_lesson(pilot, "together")
        start = position(app)
        await pick_key(pilot, cell("e7"))
        await pick_key(pilot, cell("e8"))
        assert "split your group" in status(app)  # the game's own refusal
        assert position(app) == start and not lesson.game.plies
        await pilot.press("escape")
        await pick_key(pilot, cell("d6"))
        await pick_key(pilot, cell("d7"))
        assert status(app).startswith("Taken back — d6-d7: your pieces still touch")
        assert position(app) == start and not lesson.game.plies and not lesson.tutor.done
        assert lesson.cursor == "d6"  # back on the piece, to try again
        await pilot.press(HINT)
        assert "Hint: Which piece can reach rank 8" in box(app)
        await pilot.press(HINT)
        assert "Answer: d6-d8" in box(app)
        assert lesson.computer.hint_cells() == {"d6", "d8"}
        await pick_key(pilot, cell("d6"))
        await pick_key(pilot, cell("d8"))
        assert lesson.tutor.done and lesson.game.plies[-1].text == "d6-d8"
        assert "✓ e7-e8 would have left d6 on its own" in box(app)
        assert status(app).startswith("Solved!")
        assert progress() == {"ordo": ["together"]}
        await click_cell(pilot, "e7")  # nothing more to play
        await pilot.pause()
        assert len(lesson.game.plies) == 1 and "this lesson is solved" in status(app)


@ui_test
async def test_a_lesson_of_two_moves_by_mouse_then_a_restart_keeps_it_done() -> None:
    """"Rows move together": a2:d2-a3 (select both ends, then where a2 lands), Black's
    scripted answer, then the part b3-d3 one square up."""
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=SIZE) as pilot:
        lesson = await open_lesson(pilot, "row")
        start = position(app)
        await click_cell(pilot, "e5")
        await pilot.pause()
        assert "there is no piece there" in status(app)
        await click_cell(pilot, "a2")
        await click_cell(pilot, "a3")
        await pilot.pause()
        assert status(app).startswith("Taken back — a2-a3: that is not the whole row a2–d2")
        assert position(app) == start
        await pilot.press(HINT)
        assert "Hint: Select the two ends of the row" in box(app)
        for name in ("a2", "d2", "a3"):
            await click_cell(pilot, name)
        await pilot.pause()
        # the whole row stepped up and Black answered i8-i7 (the scripted reply)
        assert [p.text for p in lesson.game.plies] == ["a2:d2-a3", "i8-i7"]
        assert position(app) == "7B1B/8B1/10/10/10/WWWW6/10/10 w"  # h8 j8 / i7
        assert "Black answers i8-i7." in box(app) and "move 2 of 2" in box(app)
        assert not lesson.tutor.done and HINT in box(app)
        for name in ("b3", "d3", "b4"):
            await click_cell(pilot, name)
        await pilot.pause()
        assert lesson.tutor.done and lesson.game.plies[-1].text == "b3:d3-b4"
        assert progress() == {"ordo": ["row"]}
    again = OgamesApp(learn="ordo")
    async with again.run_test(size=SIZE) as pilot:
        course = await course_open(pilot)
        lessons = course.course.lessons
        puzzles = sum(x.puzzle for x in lessons)
        # issue 65: the count says what it is made of (lessons say "Lesson 1 of 11")
        assert str(course.query_one("#course-title").render()) == (
            f"Learn Ordo — 1 of {len(lessons)} done: {len(lessons) - puzzles} lessons, "
            f"{puzzles} puzzles")
        rows = course.query_one("#lessons")
        marks = [str(rows.get_option_at_index(i).prompt)[0] for i in range(rows.option_count)]
        assert marks[course.course.ids.index("row")] == "✓"
        assert marks.count("✓") == 1
        assert rows.highlighted == 0  # the first lesson not done yet


@ui_test
async def test_a_damaged_progress_file_starts_over_and_says_so() -> None:
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"ordo": [', "utf-8")
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=SIZE) as pilot:
        course = await course_open(pilot)
        note = str(course.query_one("#course-note").render())
        assert "could not be read" in note and "starts over" in note
        lesson = await open_lesson(pilot, "aim")
        await pick_key(pilot, cell("e6"))
        await pick_key(pilot, cell("e8"))
        assert lesson.tutor.done
        assert progress() == {"ordo": ["aim"]}


@ui_test
async def test_n_plays_the_next_lesson_and_q_goes_back_to_the_course() -> None:
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=SIZE) as pilot:
        await open_lesson(pilot, "aim")
        await pick_key(pilot, cell("e6"))
        await pick_key(pilot, cell("e8"))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen)
                       and app.screen.lesson.id == "slide")
        await pilot.press("q")
        course = await course_open(pilot)
        rows = course.query_one("#lessons")
        assert str(rows.get_option_at_index(0).prompt).startswith("✓")
        assert str(rows.get_option_at_index(1).prompt).startswith("·")


@ui_test
async def test_r_plays_the_lesson_again_from_its_start() -> None:
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=SIZE) as pilot:
        lesson = await open_lesson(pilot, "slide")
        start = position(app)
        await pick_key(pilot, cell("c2"))
        await pick_key(pilot, cell("c5"))
        assert len(lesson.game.plies) == 2  # the move and the reply
        await pilot.press("r")
        assert position(app) == start and lesson.tutor.step_index == 0
        assert "Slide c2 three squares up" in box(app)


@ui_test
async def test_a_lesson_fits_80_by_24() -> None:
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=(80, 24)) as pilot:
        lesson = await open_lesson(pilot, "row")
        assert not lesson.has_class("tiny")
        assert lesson.query_one("#lesson").region.height >= 8
        assert "Move the whole row a2–d2" in box(app)


BROKEN = '''
[[lesson]]
id = "fine"
title = "Fine"
rule = "End of the game"
position = "10/4W5/3W6/10/B9/10/10/10 w"
instruction = "Win."
goal = ["wins"]
solution = "d6-d8"
explanation = "Because."
hint = "Up."

[[lesson]]
id = "broken"
title = "Broken"
rule = "End of the game"
position = "10/4W5/3W6/10/B9/10/10/10 w"
instruction = "Win."
goal = ["wins"]
solution = "e7-e8"
explanation = "Because."
hint = "Up."
'''


@ui_test
async def test_a_broken_lesson_is_shown_unavailable(monkeypatch) -> None:
    monkeypatch.setattr(lessons_module, "course_text", lambda rules: BROKEN)
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=SIZE) as pilot:
        course = await course_open(pilot)
        rows = course.query_one("#lessons")
        broken = rows.get_option_at_index(1)
        assert broken.disabled and "unavailable: " in str(broken.prompt)
        assert "'e7-e8' is refused" in str(broken.prompt)
        course.open_lesson(1)
        await pilot.pause()
        assert app.screen is course
        await open_lesson(pilot, "fine")


@ui_test
async def test_a_course_file_that_cannot_be_read_says_why(monkeypatch) -> None:
    monkeypatch.setattr(lessons_module, "course_text", lambda rules: "[[lesson]\n")
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=SIZE) as pilot:
        course = await course_open(pilot)
        note = str(course.query_one("#course-note").render())
        assert note.startswith("The course cannot be read: not valid TOML")
        assert course.query_one("#lessons").option_count == 0


@ui_test
async def test_learn_from_the_picker_and_from_the_rules() -> None:
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        picker.choose("ordo")
        await pilot.pause()
        games = picker.query_one("#games")
        assert "learned 0/" in str(games.get_option("ordo").prompt)
        await pilot.press("L")
        course = await course_open(pilot)
        assert course.rules.id == "ordo"
        lesson = await open_lesson(pilot, "aim")
        await pick_key(pilot, cell("e6"))
        await pick_key(pilot, cell("e8"))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("t")  # the course is open below: back to it
        await wait_for(pilot, lambda: app.screen is course)
        assert lesson not in app.screen_stack
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is picker)
        total = len(course.course.lessons)
        assert f"learned 1/{total}" in str(games.get_option("ordo").prompt)
        picker.choose("onitama")  # no course yet (or one): the button still answers
        await pilot.pause()
        await pilot.click("#learn")
        await wait_for(pilot, lambda: isinstance(app.screen, (LearnScreen, CourseScreen)))


@ui_test
async def test_t_on_the_rules_screen_opens_the_course() -> None:
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        app.screen.choose("ordo")
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("t")
        course = await course_open(pilot)
        assert course.rules.id == "ordo"


@ui_test
async def test_learn_without_a_game_lists_the_courses() -> None:
    app = OgamesApp(learn="")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LearnScreen))
        courses = app.screen.query_one("#courses")
        ordo = courses.get_option("ordo")
        assert not ordo.disabled and "0/" in str(ordo.prompt)
        courses.highlighted = courses.get_option_index("ordo")
        await pilot.press("enter")
        course = await course_open(pilot)
        assert course.rules.id == "ordo"


def one_move_lesson(rules) -> tuple[str, str]:
    """A course of one lesson from the game's start whose right move is its first legal
    move (and the move's text): any game's lesson screen must play it."""
    game = Game.new(rules, None, 7 if rules.uses_seed else None)
    move = rules.legal_moves(game.start)[0]
    text = rules.move_text(game.start, move)
    topic = rule_topics(rules.rules_markdown())[0].path
    return (f'[[lesson]]\nid = "first"\ntitle = "First"\nrule = "{topic}"\n'
            f'position = "{rules.format_position(game.start)}"\n'
            f'instruction = "Play {text}."\naccept = ["{text}"]\n'
            f'explanation = "Done."\nhint = "It is {text}."\n'), text


@pytest.mark.parametrize("game_id", GAME_IDS)
@ui_test
async def test_every_game_plays_a_lesson_on_its_own_board(game_id: str, monkeypatch) -> None:
    """The lesson screen is the game screen: cards, hand tiles and hidden hands work as
    in a game (the learner's own view, no hand-off), and the right move is judged so."""
    rules = get_rules(game_id)
    text, move = one_move_lesson(rules)
    monkeypatch.setattr(lessons_module, "course_text", lambda r: text)
    app = OgamesApp(learn=game_id)
    async with app.run_test(size=SIZE) as pilot:
        lesson = await open_lesson(pilot, "first")
        assert lesson.viewer == rules.to_move(lesson.game.start) or not rules.hidden_information
        await play_clicks(pilot, move)
        assert lesson.tutor.done and "✓ Done." in box(app)
        assert isinstance(app.screen, LessonScreen)  # no hand-off screen came between


@ui_test
async def test_a_lesson_shows_no_position_warning() -> None:
    """A lesson's position is small on purpose: the game screen's start-up "Note: …" on an
    unusual piece count (5 soldiers and knights where a game has 20) is not said."""
    app = OgamesApp(learn="opprimo")
    async with app.run_test(size=SIZE) as pilot:
        lesson = await open_lesson(pilot, "aim")
        assert lesson.rules.position_warnings(lesson.game.start)  # a game would say it
        await pilot.pause()
        assert status(app).startswith("Yellow (You) to move"), status(app)
        assert "Note" not in beside_board(app) + status(app)


@ui_test
async def test_the_move_box_closes_once_a_typed_move_is_judged() -> None:
    """A wrong typed move is taken back and the box closes, so that the next key (the
    hint's) reaches the lesson, not the box; a right one closes it too."""
    app = OgamesApp(learn="ordo")
    async with app.run_test(size=SIZE) as pilot:
        lesson = await open_lesson(pilot, "row")
        await pilot.press("colon", *"a2-a3", "enter")
        await pilot.pause()
        assert status(app).startswith("Taken back — a2-a3: that is not the whole row a2–d2")
        assert not lesson.has_class("typing") and app.focused is lesson.board
        assert "✗ Taken back — a2-a3" in box(app)
        assert lesson.cursor == "a2"  # back on the piece, to try again
        await pilot.press(HINT)
        assert "Hint: Select the two ends of the row" in box(app)
        await pilot.press("colon", *"a2:d2-a3", "enter")
        await wait_for(pilot, lambda: len(lesson.game.plies) == 2)  # the move and the reply
        assert not lesson.has_class("typing") and app.focused is lesson.board
        await pilot.press(HINT)
        assert "Hint:" in box(app) and "✗" not in box(app)


#: texts as long as the courses' longest (checked below), so that no lesson is cut short
LONG_INSTRUCTION = (
    "Play {move} now. This instruction is as long as the longest a course gives: it must "
    "read whole in a window of 80 by 24, beside the board and the game's panel, whatever "
    "else the lesson box has to say.")
LONG_EXPLANATION = (
    "Right. This explanation is as long as the longest a course gives, and it comes with "
    "the opponent's reply and the next instruction after it: together they are more than "
    "the box holds at 80 by 24, so the box scrolls; the new instruction and the keys "
    "stay in sight.")


def two_move_lesson(rules) -> tuple[str, str, str]:
    """A course of one lesson of two moves from the game's start, its texts long: the
    first legal move, the opponent's first as the reply, then the learner's first."""
    game = Game.new(rules, None, 7 if rules.uses_seed else None)
    first = rules.legal_moves(game.start)[0]
    after = rules.apply(game.start, first)
    reply = rules.legal_moves(after)[0]
    again = rules.apply(after, reply)
    texts = (rules.move_text(game.start, first), rules.move_text(after, reply),
             rules.move_text(again, rules.legal_moves(again)[0]))
    topic = rule_topics(rules.rules_markdown())[0].path
    steps = "".join(
        f'\n[[lesson.step]]\ninstruction = "{LONG_INSTRUCTION.format(move=text)}"\n'
        f'accept = ["{text}"]\nexplanation = "{LONG_EXPLANATION}"\nhint = "{text}."\n'
        + (f'reply = "{texts[1]}"\n' if n == 0 else "")
        for n, text in enumerate((texts[0], texts[2])))
    return (f'[[lesson]]\nid = "long"\ntitle = "A long lesson"\nrule = "{topic}"\n'
            f'position = "{rules.format_position(game.start)}"\n{steps}'), texts[0], texts[2]


def test_the_long_texts_are_as_long_as_the_courses_longest() -> None:
    steps = [step for gid in available_ids() if (course := lessons_module.load_course(
        get_rules(gid))) for lesson in course.lessons for step in lesson.steps]
    assert steps
    assert len(LONG_INSTRUCTION) >= max(len(s.instruction) for s in steps)
    assert len(LONG_EXPLANATION) >= max(len(s.explanation) for s in steps)


@pytest.mark.parametrize("game_id", GAME_IDS)
@ui_test
async def test_the_instruction_and_the_keys_stay_in_sight_at_80_by_24(
        game_id: str, monkeypatch) -> None:
    """Every game's board and panel leave the lesson box the rows of its instruction (the
    panel scrolls): at the start, and after a long explanation, the reply and the next
    instruction, which the box cannot hold all at once."""
    rules = get_rules(game_id)
    text, first, second = two_move_lesson(rules)
    monkeypatch.setattr(lessons_module, "course_text", lambda r: text)
    app = OgamesApp(learn=game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        lesson = await open_lesson(pilot, "long")
        await pilot.pause()
        assert not lesson.has_class("tiny")
        keys = words(f"{HINT}: a hint, then the answer")
        assert words(LONG_INSTRUCTION.format(move=first)) in beside_board(app)
        assert keys in beside_board(app)
        await pilot.press("colon", *first, "enter")
        await wait_for(pilot, lambda: len(lesson.game.plies) == 2)
        await pilot.pause()
        assert "answers" in box(app) and words(LONG_EXPLANATION) in words(box(app))
        shown = beside_board(app)
        assert words(LONG_INSTRUCTION.format(move=second)) in shown, shown
        assert keys in shown
