"""The strength log's fingerprint (bench/strength.py) keeps games played by the same
playing code and drops the rest: a corrected text must not, a changed rule must."""

from __future__ import annotations

from bench.strength import playing_code

ENGINE = '''
"""An engine."""


class Rules:
    """Its rules."""

    def apply(self, pos, move):
        """The position after ``move``."""
        return pos + move  # the rule

    def hint(self, pos, picks):
        return "select a piece"
'''


def test_texts_docstrings_and_comments_leave_the_fingerprint_alone():
    edited = (ENGINE.replace('"select a piece"', '"select one of your pieces, " + str(pos)')
              .replace('"""Its rules."""', '"""Its rules, better told."""')
              .replace("# the rule", "# a comment"))
    assert edited != ENGINE
    assert playing_code(edited) == playing_code(ENGINE)


def test_a_changed_rule_or_a_new_method_changes_the_fingerprint():
    assert playing_code(ENGINE.replace("pos + move", "pos - move")) != playing_code(ENGINE)
    extra = ENGINE + "\n    def outcome(self, pos):\n        return None\n"
    assert playing_code(extra) != playing_code(ENGINE)


DRAWING = ENGINE + '''

CELL = 3


def _layout(flipped):
    return CELL * (-1 if flipped else 1)
'''


def test_a_drawing_alone_may_change_and_a_display_method_take_new_arguments():
    drawing = frozenset({"CELL", "_layout"})
    redrawn = (DRAWING.replace("CELL = 3", "CELL, SMALL = 3, 2")
               .replace("def _layout(flipped):", "def _layout(flipped, compact=False):")
               .replace("def hint(self, pos, picks):", "def hint(self, pos, picks, short=False):"))
    assert playing_code(redrawn, drawing | {"SMALL"}) == playing_code(DRAWING, drawing)
    # the same edit counts when the names are not declared as drawing only
    assert playing_code(redrawn) != playing_code(DRAWING)
