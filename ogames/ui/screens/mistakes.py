"""Learn from your mistakes: a marked move of a reviewed game, set up as a lesson.

``r`` on a marked ply of a review builds an exercise (``ogames.ai.exercise``: the judge
works out which moves it accepts there) and plays it on the lesson screen, so that a move
is judged exactly as a lesson's is (``core.lessons``): the accepted moves are the step's
``accept`` list, the judge's own move its solution, the move played a wrong move with its
own word. Nothing of it is kept among the course's progress.
"""

from __future__ import annotations

from textual.widgets import Static

from ...ai.exercise import Exercise
from ...core.lessons import Course, Lesson, Step
from ...core.rules import Rules
from .learn import LessonScreen, key_for


def percent(chance: float) -> str:
    return f"{round(100 * chance)} %"


def exercise_course(rules: Rules, exercise: Exercise, ply: int, mark: str) -> Course:
    """The exercise as a course of one lesson of one step (see the module's text)."""
    game = exercise.game
    pos = game.position
    side = game.sides[exercise.mover]
    best = rules.move_text(pos, exercise.best)
    played = rules.move_text(pos, exercise.played)
    paths = rules.pick_paths(pos, exercise.best)
    first = next((p.key for p in (paths[0] if paths else ()) if p.kind == "cell"), None)
    step = Step(
        instruction=(f"{side} played {played} here ({mark}): {side}'s chance fell from "
                     f"{percent(exercise.best_chance)} to {percent(exercise.played_chance)}. "
                     "Find a better move."),
        accept=tuple(rules.move_text(pos, m) for m in exercise.good),
        solution=best,
        explanation=(f"Yes: that keeps {side}'s chance within ten points of the computer's "
                     f"own move, {best} ({percent(exercise.best_chance)})."),
        hint=f"The computer's move starts from {first}." if first else "",
        wrong=f"that gives away ten points or more of {side}'s chance. Try another.",
        wrong_moves=((played, "that is the move played in the game."),),
    )
    lesson = Lesson(f"ply-{ply}", f"Ply {ply}: {played} {mark}", ("review",),
                    rules.format_position(pos), game.variant, steps=(step,))
    return Course(rules.id, "the review", (lesson,))


class MistakeScreen(LessonScreen):
    """One marked move as an exercise on the lesson screen. Dismissed with "next" when the
    player asks for the next marked move, else None."""

    purpose = "learn"
    SOLVED = "Solved! n: the next marked move · r: again · q: back to the review"

    def __init__(self, rules: Rules, exercise: Exercise, ply: int, mark: str, *,
                 ascii: bool = False) -> None:
        self.ply = ply
        super().__init__(rules, exercise_course(rules, exercise, ply, mark), 0, ascii=ascii)
        names = exercise.game.players
        self.game.players = tuple("You" if i == exercise.mover else names[i]
                                  for i in range(len(self.game.sides)))

    def _finish(self) -> None:
        """An exercise is no lesson of the course: nothing is marked done."""

    def _draw_title(self) -> None:
        self.query_one("#title", Static).update(
            f"ogames · Learn from your mistakes · {self.rules.name} · {self.lesson.title}")

    def _keys(self, done: bool) -> list[str]:
        keys = ((("next_lesson", "next marked move"), ("restart", "again"),
                 ("leave", "back to the review"))
                if done else
                (("hint", "a hint, then the answer"), ("next_lesson", "next marked move"),
                 ("leave", "back to the review")))
        parts = [f"{key_for(type(self), action)}: {words}" for action, words in keys]
        if done:
            parts[0] = "Solved! " + parts[0]
        return parts
