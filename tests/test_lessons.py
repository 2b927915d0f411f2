"""Courses (``core.lessons``): every game's course plays through its engine and teaches
every topic of its rules text; the loader, the judge and the check on small files; the
progress file. The per-course tests are parametrised over the games that have a course,
so a new ``lessons.toml`` is held to them as soon as it exists."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ogames.cli import cli
from ogames.core import lessons as lessons_module
from ogames.core.lessons import (
    Step,
    Tutor,
    check_course,
    check_lesson,
    judge,
    load_course,
    rule_topics,
    start_game,
    untaught,
)
from ogames.core.progress import load_progress, mark_done, progress_path
from ogames.core.registry import get_rules

from .conftest import GAME_IDS, game_registered


def has_course(game_id: str) -> bool:
    with game_registered(game_id):
        return load_course(get_rules(game_id)) is not None


#: every game with a course, the tests' own games included
COURSES = [gid for gid in GAME_IDS if has_course(gid)]


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_at_least_one_game_has_a_course() -> None:
    assert "ordo" in COURSES


# ----- every course -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", COURSES)
def test_lessons_check_passes(game_id: str) -> None:
    """`ogames lessons GAME --check`: every solution is played through the engine."""
    result = run("lessons", game_id, "--check")
    assert result.exit_code == 0, result.stderr
    assert "all playable" in result.stdout


@pytest.mark.parametrize("game_id", COURSES)
def test_every_topic_of_the_rules_text_is_taught(game_id: str) -> None:
    """Each lesson names topics the rules text has; each leaf topic (a heading with
    nothing under it, or a bold run-in title) is taught by a lesson or excused."""
    rules = get_rules(game_id)
    course = load_course(rules)
    topics = rule_topics(rules.rules_markdown())
    paths = {t.path for t in topics}
    for lesson in course.lessons:
        assert lesson.rules, lesson.id
        assert set(lesson.rules) <= paths, (lesson.id, set(lesson.rules) - paths)
    assert untaught(course, topics) == []
    for topic, why in course.not_taught:
        assert topic in paths and why, topic


@pytest.mark.parametrize("game_id", COURSES)
def test_a_course_has_eight_lessons_and_two_or_three_puzzles(game_id: str) -> None:
    course = load_course(get_rules(game_id))
    puzzles = [lesson for lesson in course.lessons if lesson.puzzle]
    assert len(course.lessons) - len(puzzles) >= 8
    assert 2 <= len(puzzles) <= 3
    assert not course.lessons[-1].puzzle or all(
        lesson.puzzle for lesson in course.lessons[-len(puzzles):]), "puzzles come last"


@pytest.mark.parametrize("game_id", COURSES)
def test_every_lesson_is_short_and_says_why(game_id: str) -> None:
    """One short instruction per move, and an explanation for the right move."""
    for lesson in load_course(get_rules(game_id)).lessons:
        for step in lesson.steps:
            assert len(step.instruction) <= 240, (lesson.id, step.instruction)
            assert step.explanation and step.hint, lesson.id


def test_lessons_lists_number_title_and_rule() -> None:
    result = run("lessons", "ordo")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    course = load_course(get_rules("ordo"))
    assert len(lines) == len(course.lessons)
    assert lines[0] == "  1. The aim: reach the far side — Overview, Board"
    assert lines[-1].startswith(" P3. ")


def test_a_game_without_a_course_says_so(monkeypatch) -> None:
    monkeypatch.setattr(lessons_module, "course_text", lambda rules: None)
    listed = run("lessons", "ordo")
    assert listed.exit_code == 0 and listed.stderr == "ogames: Ordo has no lessons yet\n"
    checked = run("lessons", "ordo", "--check")
    assert checked.exit_code == 1 and "no lessons to check" in checked.stderr
    assert run("learn", "ordo").exit_code == 2


# ----- the loader and the check on small files (Ordo's engine) ------------------------------

ORDO = get_rules("ordo")
#: CLARIFICATIONS §2.4.3: White's 6 legal moves are d6-d7 d6-d8 d6-e6 d6-f6 e7-c7 e7-d7;
#: e7-e8 is illegal (d6 left alone) and d6-d8 wins
GOAL_ROW = "10/4W5/3W6/10/B9/10/10/10 w"

LESSON = f'''
[[lesson]]
id = "win"
title = "Win"
rule = "The end"
position = "{GOAL_ROW}"
instruction = "Win."
goal = ["wins"]
solution = "d6-d8"
explanation = "Because."
hint = "Look up."
'''


def course_of(text: str):
    return load_course(ORDO, text)


def problems_of(text: str) -> list[str]:
    course = course_of(text)
    return [str(e) for e in check_course(ORDO, course) if "no lesson teaches" not in str(e)]


def test_a_good_lesson_has_no_problem() -> None:
    assert problems_of(LESSON) == []


def test_a_file_that_is_not_toml_is_named_with_its_line() -> None:
    course = course_of(LESSON + "\nthis is = = not toml\n")
    assert course.problem is not None and "not valid TOML" in course.problem
    errors = [str(e) for e in check_course(ORDO, course)]
    assert errors == [f"ogames/games/ordo/lessons.toml: {course.problem}"]
    assert "line 13" in course.problem


@pytest.mark.parametrize(("change", "expected"), [
    (("instruction = \"Win.\"\n", ""), "no 'instruction'"),
    (("hint = ", "hnit = "), "unknown key 'hnit'"),
    (("goal = [\"wins\"]", "goal = [\"triumphs\"]"), "unknown goal 'triumphs'"),
    (("goal = [\"wins\"]", "goal = 3"), "'goal' must be a list of texts"),
    (("goal = [\"wins\"]\nsolution = \"d6-d8\"\n", ""), "neither 'accept' nor 'goal'"),
    (("rule = \"The end\"\n", ""), "no 'rule'"),
    (("goal = [\"wins\"]", "goal = [\"position: 10/10 w\"]"), "goal 'position: 10/10 w'"),
])
def test_a_malformed_lesson_is_unavailable_with_the_reason(change, expected) -> None:
    old, new = change
    second = LESSON.replace('id = "win"', 'id = "other"')
    course = course_of(LESSON.replace(old, new) + second)
    broken, fine = course.lessons
    assert broken.problem is not None and expected in broken.problem
    assert fine.problem is None
    assert any(f"lesson 'win': {broken.problem}" in p for p in problems_of(
        LESSON.replace(old, new)))


@pytest.mark.parametrize(("change", "expected"), [
    ((GOAL_ROW, "10/4W5/3W6/10/B9/10/10/10 x"), "position: "),
    ((GOAL_ROW, "10/10/10/10/10/10/10/10 w"), "position: "),
    (("solution = \"d6-d8\"", "solution = \"e7-e8\""), "solution 'e7-e8' is refused"),
    (("solution = \"d6-d8\"", "solution = \"d6-d7\""),
     "the solution 'd6-d7' does not meet the goal"),
    (("goal = [\"wins\"]", "goal = [\"capture\"]"), "does not meet the goal"),
    (("goal = [\"wins\"]", "goal = [\"wins\"]\naccept = [\"d6-d7\"]"),
     "the accepted move 'd6-d7' does not meet the goal"),
    (("goal = [\"wins\"]", "goal = [\"wins\"]\nwrong_moves = { \"d6-d8\" = \"no\" }"),
     "'d6-d8' is listed in wrong_moves but meets the goal"),
    (("goal = [\"wins\"]", "goal = [\"wins\"]\nwrong_moves = { \"e7-e8\" = \"no\" }"),
     "wrong move 'e7-e8' is refused"),
])
def test_the_check_names_the_lesson_and_what_is_wrong(change, expected) -> None:
    old, new = change
    problems = problems_of(LESSON.replace(old, new))
    assert problems and all(p.startswith("ogames/games/ordo/lessons.toml: lesson 'win': ")
                            for p in problems), problems
    assert any(expected in p for p in problems), problems


def test_duplicate_ids_are_refused() -> None:
    course = course_of(LESSON + LESSON)
    assert course.lessons[0].problem is None
    assert "used twice" in course.lessons[1].problem


STEPS = f'''
[[lesson]]
id = "two"
title = "Two moves"
rule = "The end"
position = "{GOAL_ROW}"

[[lesson.step]]
instruction = "Join e7 on rank 7."
accept = ["d6-d7"]
explanation = "Now d7 and e7 stand side by side."
hint = "d6 to d7."
reply = "a4-a3"

[[lesson.step]]
instruction = "Win."
goal = ["wins"]
solution = "d7-d8"
explanation = "d7 reached rank 8 and still touches e7."
hint = "Up."
'''


def test_a_lesson_of_two_steps_plays_through_its_reply() -> None:
    assert problems_of(STEPS) == []
    lesson = course_of(STEPS).lessons[0]
    tutor = Tutor(ORDO, lesson, start_game(ORDO, lesson))
    game = tutor.game
    wrong = ORDO.parse_move(game.position, "e7-d7")
    assert not tutor.judge(wrong).right
    game.play(tutor.answer())
    assert tutor.advance() == "a4-a3" and not tutor.done
    assert ORDO.format_position(game.position) == "10/3WW5/10/10/10/B9/10/10 w"
    game.play(tutor.answer())
    assert tutor.advance() is None and tutor.done
    assert game.outcome().reason == "goal"


def test_a_reply_that_is_not_legal_is_named_with_the_move_before_it() -> None:
    problems = problems_of(STEPS.replace('reply = "a4-a3"', 'reply = "a4-a5"'))
    assert len(problems) == 1 and problems[0].startswith(
        "ogames/games/ordo/lessons.toml: lesson 'two': step 1 after d6-d7: the reply 'a4-a5' "
        "is refused: "), problems


def test_a_step_after_a_step_without_reply_is_not_the_learners_turn() -> None:
    problems = problems_of(STEPS.replace('reply = "a4-a3"\n', ""))
    assert any("it is not the learner's turn" in p for p in problems), problems


# ----- the judge ---------------------------------------------------------------------------


def test_the_judge_gives_the_reason_for_a_wrong_move() -> None:
    pos = ORDO.parse_position(GOAL_ROW)
    step = Step("Win.", goal=("wins",), solution="d6-d8", explanation="Because.",
                wrong="not a win", wrong_moves=(("e7-d7", "sideways is not up"),))
    assert judge(ORDO, step, pos, ORDO.parse_move(pos, "d6-d8")).right
    assert judge(ORDO, step, pos, ORDO.parse_move(pos, "d6-d8")).text == "Because."
    own = judge(ORDO, step, pos, ORDO.parse_move(pos, "e7-d7"))
    assert (own.right, own.text) == (False, "e7-d7: sideways is not up")
    general = judge(ORDO, step, pos, ORDO.parse_move(pos, "d6-d7"))
    assert (general.right, general.text) == (False, "d6-d7: not a win")


def test_ordo_row_lesson_names_what_a_part_of_the_row_did() -> None:
    # issue 65: a2, c2, then a3 moved three pieces, and the lesson said "that moves a
    # single piece"
    lesson = next(x for x in load_course(ORDO).lessons if x.id == "row")
    step = lesson.steps[0]
    pos = ORDO.parse_position(lesson.position)
    three = judge(ORDO, step, pos, ORDO.parse_move(pos, "a2:c2-a3"))
    assert not three.right and "single" not in three.text
    assert three.text.startswith("a2:c2-a3: that moves only a2–c2 and leaves d2 behind")
    single = judge(ORDO, step, pos, ORDO.parse_move(pos, "a2-a3"))
    assert single.text.startswith("a2-a3: that is not the whole row a2–d2")
    pair = judge(ORDO, step, pos, ORDO.parse_move(pos, "a2:b2-a3"))
    assert "single" not in pair.text and "whole row" in pair.text


def test_a_winning_move_that_is_not_asked_for_is_called_clever() -> None:
    pos = ORDO.parse_position(GOAL_ROW)
    step = Step("Step aside.", accept=("e7-d7",), solution="e7-d7")
    verdict = judge(ORDO, step, pos, ORDO.parse_move(pos, "d6-d8"))
    assert not verdict.right and "would win at once" in verdict.text


def test_shared_conditions() -> None:
    pos = ORDO.parse_position(GOAL_ROW)
    win, aside = ORDO.parse_move(pos, "d6-d8"), ORDO.parse_move(pos, "e7-d7")
    meets = lessons_module.meets
    assert meets(ORDO, "wins: goal", pos, win) and not meets(ORDO, "wins: no pieces", pos, win)
    assert meets(ORDO, "not wins", pos, aside)
    assert meets(ORDO, "position: 10/3W6/3W6/10/B9/10/10/10 b", pos, aside)
    # a4 slides down the empty a-file to rank 1: no quiet White move is safe, and a
    # winning one ends the game (nothing left to be safe in)
    assert not meets(ORDO, "safe", pos, aside) and not meets(ORDO, "safe", pos, win)
    # the row d6-f6 slides down to rank 1 unless a piece stands in its way (an ordo never
    # captures); h3-f3 stands there and keeps White whole, g2-g3 does not block it
    row = ORDO.parse_position("10/10/3BBB4/10/10/7W2/6WW2/10 w")
    assert meets(ORDO, "safe", row, ORDO.parse_move(row, "h3-f3"))
    assert not meets(ORDO, "safe", row, ORDO.parse_move(row, "g2-g3"))


def test_ordo_goal_checks() -> None:
    """The reconnection example of CLARIFICATIONS §2.4.3: c6-d5 and d6-d5 are backward
    singletons, c6:d6-c5 a backward ordo; e4-e5 goes forward; every move reconnects."""
    pos = ORDO.parse_position("B9/10/2WW6/10/4W5/10/10/10 w")
    meets = lessons_module.meets
    for text in ("c6-d5", "d6-d5", "c6:d6-c5"):
        move = ORDO.parse_move(pos, text)
        assert meets(ORDO, "backward", pos, move) and meets(ORDO, "reconnects", pos, move)
    forward = ORDO.parse_move(pos, "e4-e5")
    assert meets(ORDO, "not backward", pos, forward) and meets(ORDO, "reconnects", pos, forward)
    assert meets(ORDO, "ordo", pos, ORDO.parse_move(pos, "c6:d6-c5"))
    capture = ORDO.parse_position("10/10/10/10/2B7/2B7/1WW7/10 w")
    move = ORDO.parse_move(capture, "c2xc3")
    assert meets(ORDO, "capture", capture, move) and meets(ORDO, "singleton", capture, move)
    assert not meets(ORDO, "capture", capture, ORDO.parse_move(capture, "b2-b3"))


# ----- topics of a rules text ---------------------------------------------------------------

RULES_TEXT = """# Game

## Moves

**Walk.** A piece walks.

A line that mentions **bold** in passing.

**Jump:** a piece jumps.

```diagram
## not a heading
**Not a run-in.**
```

## The end

### Winning

### Losing

## Notation
"""


def test_topics_are_headings_and_run_in_titles() -> None:
    topics = rule_topics(RULES_TEXT)
    assert [(t.path, t.leaf) for t in topics] == [
        ("Moves", False), ("Moves / Walk", True), ("Moves / Jump", True),
        ("The end", False), ("The end / Winning", True), ("The end / Losing", True),
        ("Notation", True)]


def test_untaught_topics_are_the_leaves_no_lesson_names() -> None:
    text = LESSON.replace('rule = "The end"', 'rule = ["Moves / Walk", "The end"]')
    course = course_of('[course]\nnot_taught = { "Notation" = "written" }\n' + text)
    assert untaught(course, rule_topics(RULES_TEXT)) == ["Moves / Jump"]


def test_the_check_names_untaught_and_unknown_topics(monkeypatch) -> None:
    monkeypatch.setattr(type(ORDO), "rules_markdown", lambda self: RULES_TEXT)
    lesson = LESSON.replace('rule = "The end"', 'rule = "End of the game"')
    errors = [str(e) for e in check_course(ORDO, course_of(lesson))]
    assert "ogames/games/ordo/lessons.toml: lesson 'win': 'End of the game' is not a topic " \
           "of the rules text" in errors
    assert "ogames/games/ordo/lessons.toml: no lesson teaches 'Notation'" in errors


def test_lessons_check_exits_1_naming_the_file_and_lesson(monkeypatch) -> None:
    monkeypatch.setattr(lessons_module, "course_text",
                        lambda rules: LESSON.replace("d6-d8", "e7-e8"))
    result = run("lessons", "ordo", "--check")
    assert result.exit_code == 1
    assert "ogames: ogames/games/ordo/lessons.toml: lesson 'win': solution 'e7-e8' is " \
           "refused" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    broken = run("lessons", "ordo")  # listing still works: the lesson is there
    assert broken.exit_code == 0 and "Win" in broken.stdout


def test_a_file_that_cannot_be_read_is_reported_by_the_check(monkeypatch) -> None:
    monkeypatch.setattr(lessons_module, "course_text", lambda rules: "[[lesson]\n")
    result = run("lessons", "ordo", "--check")
    assert result.exit_code == 1
    assert result.stderr.startswith("ogames: ogames/games/ordo/lessons.toml: not valid TOML")
    assert run("lessons", "ordo").exit_code == 1


# ----- progress ----------------------------------------------------------------------------


def test_progress_starts_empty_and_is_kept() -> None:
    assert load_progress().done == {} and load_progress().problem is None
    mark_done("ordo", "aim")
    mark_done("ordo", "slide")
    mark_done("ordo", "aim")  # twice is once
    assert json.loads(progress_path().read_text("utf-8")) == {"ordo": ["aim", "slide"]}
    progress = load_progress()
    assert progress.of("ordo") == {"aim", "slide"} and progress.problem is None
    assert progress.count("ordo", ("aim", "capture")) == 1  # lessons since removed: not counted


@pytest.mark.parametrize(("text", "why"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "not a table of games"),
    ('{"ordo": "aim", "onitama": ["cards"]}', "the lessons of ordo"),
    (b"\xff\xfe{}", "could not be read"),
])
def test_a_damaged_progress_file_starts_over_and_says_so(text: str | bytes, why: str) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    progress = load_progress()
    assert progress.problem is not None and why in progress.problem
    mark_done("ordo", "aim")  # the next lesson done writes a good file
    assert load_progress().problem is None and load_progress().of("ordo") == {"aim"}


def test_an_unreadable_progress_file_is_not_fatal() -> None:
    path = progress_path()
    path.mkdir(parents=True)  # a folder where the file should be
    progress = load_progress()
    assert progress.done == {} and "could not be read" in progress.problem
    with pytest.raises(OSError):
        mark_done("ordo", "aim")


def test_every_lesson_of_a_course_replays_in_check_lesson() -> None:
    """check_lesson is what the course screen runs to mark a lesson unavailable."""
    for gid in COURSES:
        with game_registered(gid):
            rules = get_rules(gid)
            for lesson in load_course(rules).lessons:
                assert check_lesson(rules, lesson) == [], (gid, lesson.id)
