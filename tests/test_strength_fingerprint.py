"""The strength log's fingerprint (bench/strength.py) keeps games played by the same
playing code and drops the rest: a corrected text must not, a changed rule must."""

from __future__ import annotations

from pathlib import Path

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


def test_moving_a_definition_to_another_file_keeps_the_fingerprint(tmp_path):
    from bench.strength import fingerprint

    def tree(files: dict[str, str]) -> str:
        root = tmp_path / str(len(list(tmp_path.iterdir())))
        for name, text in files.items():
            path = root / "ogames" / "games" / "g" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
        return fingerprint("g", root)

    helper = "def step(pos, move):\n    return pos + move\n"
    engine = "class Rules:\n    def apply(self, pos, move):\n        return step(pos, move)\n"
    together = tree({"rules.py": helper + "\n\n" + engine})
    apart = tree({"rules.py": "from .play import step\n\n\n" + engine, "play.py": helper})
    assert together == apart
    changed = tree({"rules.py": engine, "play.py": helper.replace("+", "-")})
    assert changed != together


def test_drawing_and_teaching_modules_are_not_playing_code(tmp_path):
    from bench.strength import fingerprint

    def tree(drawing: str) -> str:
        root = tmp_path / str(len(list(tmp_path.iterdir())))
        package = root / "ogames" / "games" / "g"
        package.mkdir(parents=True)
        (package / "rules.py").write_text(ENGINE, "utf-8")
        (package / "drawing.py").write_text(drawing, "utf-8")
        (package / "teaching.py").write_text(drawing, "utf-8")
        return fingerprint("g", root)

    assert tree("CELL = 3\n") == tree("CELL, SMALL = 3, 2\n")


def test_a_display_method_may_take_new_arguments():
    edited = ENGINE.replace("def hint(self, pos, picks):", "def hint(self, pos, picks, short=False):")
    assert playing_code(edited) == playing_code(ENGINE)


def test_a_change_to_another_game_keeps_a_games_fingerprint(tmp_path):
    from bench.strength import fingerprint

    def tree(other: str) -> Path:
        root = tmp_path / str(len(list(tmp_path.iterdir())))
        for game, text in (("g", ENGINE), ("h", other)):
            package = root / "ogames" / "games" / game
            package.mkdir(parents=True)
            (package / "rules.py").write_text(text, "utf-8")
        return root

    before, after = tree(ENGINE), tree(ENGINE.replace("pos + move", "pos * move"))
    assert fingerprint("g", before) == fingerprint("g", after)
    assert fingerprint("h", before) != fingerprint("h", after)
