"""The rules screen: opens for every game from the picker (? and its button) and in a game
(? and F1), draws every diagram live with the board widget (a legal position, its move's
cells highlighted), and its contents jump to the sections by keys and by clicks. ``r``
turns to the reference (notation, rulings, perft) and back, each part where it was left."""

from __future__ import annotations

from pathlib import Path

import pytest

from ogames.core.registry import available_ids, get_rules
from ogames.core.rules_text import (
    REFERENCE_SECTIONS,
    SECTIONS,
    Diagram,
    load_reference_text,
    load_rules_text,
    split_diagrams,
)
from ogames.ui.app import OgamesApp
from ogames.ui.screens.rules import RulesScreen
from ogames.ui.widgets.diagram import Diagram as DiagramView
from ogames.ui.widgets.diagram import path_cells
from tests.uihelp import SIZE, need, ui_test


@pytest.fixture(autouse=True)
def data_dir(private_data_dir: Path) -> Path:
    return private_data_dir


def rules_screen(app: OgamesApp) -> RulesScreen:
    assert isinstance(app.screen, RulesScreen), app.screen
    return app.screen


def check_diagrams(s: RulesScreen, text: str) -> None:
    """The diagrams of the part shown are those of ``text``, each drawn as the engine reads
    it, its move's cells highlighted."""
    rules = s.rules
    specs = [p for p in split_diagrams(text) if isinstance(p, Diagram)]
    boxes = s.diagrams
    assert len(boxes) == len(specs)
    for box, spec in zip(boxes, specs, strict=True):
        assert box.spec == spec and box.error is None, box.error
        board = box.query_one(DiagramView)
        pos = rules.parse_position(spec.position)  # validity checks included
        assert board.position == pos and board.layout_ is not None
        assert board.views == dict(rules.cell_views(pos, None))
        assert board.size.width == board.layout_.width > 0
        if spec.move:
            cells = path_cells(rules, pos, rules.parse_move(pos, spec.move))
            assert set(cells) == board.marks.selected | board.marks.last
            assert spec.move in str(box.query_one(".caption").render())


@ui_test
async def test_every_game_has_a_rules_screen_with_every_diagram_drawn_legally():
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen
        for game_id in available_ids():
            rules = get_rules(game_id)
            picker.choose(game_id)
            await pilot.pause()
            if game_id == "ordo":
                await pilot.click("#rules")  # the picker's button
            else:
                await pilot.press("question_mark")
            await pilot.pause()
            s = rules_screen(app)
            assert s.rules is rules
            assert s.diagrams, "the rules show at least the start"
            check_diagrams(s, load_rules_text(game_id))
            await pilot.press("r")  # the reference's diagrams too
            await pilot.pause()
            assert s.part.key == "reference"
            check_diagrams(s, load_reference_text(game_id))
            await pilot.press("escape")
            assert app.screen is picker


@ui_test
async def test_contents_jump_by_keys_and_clicks():
    need("ordo")
    app = OgamesApp("ordo", ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        s = rules_screen(app)
        board = s.diagrams[0].query_one(DiagramView)  # ASCII mode: ASCII diagrams
        drawn = "".join(board.render_line(y).text for y in range(board.size.height))
        assert board.ascii and "W" in drawn and "○" not in drawn
        toc = s.query_one("#toc")
        assert [str(toc.get_option_at_index(i).prompt) for i in range(toc.option_count)] == [
            f"{i + 1}. {name}" for i, name in enumerate(SECTIONS)]
        text = s.query_one("#rules-text")

        def at_top(k: int) -> bool:
            section = s.section_widget(k)
            return abs(section.virtual_region.y - text.scroll_y) <= 1

        await pilot.press("4")
        await pilot.pause()
        assert s.current == 3 and at_top(3) and toc.highlighted == 3
        await pilot.press("n")
        await pilot.pause()
        assert s.current == 4 and at_top(4)
        await pilot.press("p", "p")
        await pilot.pause()
        assert s.current == 2 and at_top(2)
        await pilot.click(toc, offset=(3, 1 + 6))  # "7. The end"
        await pilot.pause()
        assert s.current == 6 and at_top(6) or text.scroll_y == text.max_scroll_y
        assert toc.has_focus  # the click focused the contents: ↑/↓ walk the sections
        await pilot.press("up")
        await pilot.pause()
        assert s.current == 5 and at_top(5)
        await pilot.press("tab")
        assert text.has_focus
        await pilot.press("tab")
        assert toc.has_focus
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "GameScreen"
        await pilot.press("question_mark")  # ? opens them as well as F1
        assert rules_screen(app).rules.id == "ordo"
        await pilot.press("escape")


@ui_test
async def test_a_resize_keeps_the_section_being_read():
    """The text reflows at another width; the screen stays at the section chosen (a tester
    resized at Setup and came back to Moves)."""
    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        s = rules_screen(app)
        text = s.query_one("#rules-text")
        section = s.section_widget(2)
        await pilot.press("3")
        await pilot.pause()
        for size in ((70, 24), SIZE):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert s.current == 2
            assert abs(section.virtual_region.y - text.scroll_y) <= 1, size


def footer_keys(s: RulesScreen) -> dict[str, str]:
    return {key: b.binding.description for key, b in s.active_bindings.items()
            if b.binding.show}


@ui_test
async def test_r_turns_to_the_reference_and_back_each_part_where_it_was_left():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        s = rules_screen(app)
        toc = s.query_one("#toc")
        text = s.query_one("#rules-text")

        def contents() -> list[str]:
            return [str(toc.get_option_at_index(i).prompt) for i in range(toc.option_count)]

        def at_top(k: int) -> bool:
            return abs(s.section_widget(k).virtual_region.y - text.scroll_y) <= 1

        assert footer_keys(s)["r"] == "reference"
        assert "r the reference" in str(s.query_one("#rules-title").render())
        await pilot.press("4")  # "A turn"
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert s.part.key == "reference" and s.current == 0
        assert contents() == [f"{i + 1}. {name}" for i, name in enumerate(REFERENCE_SECTIONS)]
        assert toc.border_title == "Reference"
        assert footer_keys(s)["r"] == "rules"
        assert "Reference for Ordo" in str(s.query_one("#rules-title").render())
        shown = [w for w in s.query(".part") if w.display]
        assert [w.id for w in shown] == ["part-reference"]
        await pilot.press("3")  # digits jump in the reference as in the rules
        await pilot.pause()
        assert s.current == 2 and at_top(2) or text.scroll_y == text.max_scroll_y
        assert toc.highlighted == 2
        await pilot.press("p")
        await pilot.pause()
        assert s.current == 1 and at_top(1)
        await pilot.press("r")  # back: the rules, at "A turn"
        await pilot.pause()
        await pilot.pause()
        assert s.part.key == "rules" and s.current == 3 and at_top(3)
        assert contents() == [f"{i + 1}. {name}" for i, name in enumerate(SECTIONS)]
        assert toc.highlighted == 3 and toc.border_title == "Contents"
        await pilot.press("n")
        await pilot.pause()
        assert s.current == 4 and at_top(4)
        await pilot.press("r")  # and again: the reference where it was left
        await pilot.pause()
        await pilot.pause()
        assert s.part.key == "reference" and s.current == 1 and at_top(1)
        await pilot.press("escape")
        assert type(app.screen).__name__ == "GameScreen"


@ui_test
async def test_no_reference_no_r(monkeypatch):
    need("ordo")
    monkeypatch.setattr(type(get_rules("ordo")), "reference_markdown", lambda self: "")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        s = rules_screen(app)
        assert "r" not in footer_keys(s)
        await pilot.press("r")
        await pilot.pause()
        assert s.part.key == "rules" and len(s.parts) == 1
        assert "reference" not in str(s.query_one("#rules-title").render())
