"""The side panel keeps the widgets it built: sections of another shape show and hide what
was built and build only what is missing (a hand-off switches shapes after every move)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from ogames.core.board import PanelItem, PanelSection
from ogames.ui.widgets.panel import ItemBox, PanelView
from tests.uihelp import shown_boxes, ui_test

COLOURS = ("#ffffff", "#3060ff")


def hand(*keys: str) -> PanelSection:
    return PanelSection("White's hand", tuple(PanelItem(k, k, owner=0) for k in keys))


BAG = PanelSection("Bag 120")


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield PanelView()


async def show(pilot, sections, selectable=()) -> PanelView:
    panel = pilot.app.query_one(PanelView)
    panel.show(sections, COLOURS, list(selectable), [], [])
    await pilot.pause()
    return panel


@ui_test
async def test_a_panel_shown_again_in_a_shape_it_had_builds_nothing():
    async with PanelApp().run_test(size=(60, 20)) as pilot:
        panel = await show(pilot, [hand("a", "b"), BAG])
        built = set(map(id, pilot.app.query(ItemBox)))
        await show(pilot, [BAG])  # a spectator's panel: no hand
        assert shown_boxes(panel) == []
        assert all(box.key == "" and not box.classes for box in panel.query(ItemBox))
        again = await show(pilot, [hand("c", "d"), BAG], selectable=["d"])
        assert set(map(id, again.query(ItemBox))) == built
        assert [(b.key, b.number) for b in shown_boxes(panel)] == [("c", 0), ("d", 1)]
        assert panel.order == ["d"]


@ui_test
async def test_a_longer_section_builds_only_its_new_boxes_in_panel_order():
    async with PanelApp().run_test(size=(60, 20)) as pilot:
        panel = await show(pilot, [hand("a"), BAG])
        first = panel.query_one(ItemBox)
        await show(pilot, [hand("a", "b", "c"), BAG, PanelSection("Side", (PanelItem("s", "s"),))])
        boxes = shown_boxes(panel)
        assert boxes[0] is first
        assert [b.key for b in boxes] == ["a", "b", "c", "s"]
        assert [b.region.y for b in boxes] == sorted(b.region.y for b in boxes)
        await show(pilot, [hand("x"), BAG])  # shorter again: the rest hidden, holding nothing
        assert [b.key for b in shown_boxes(panel)] == ["x"]
        assert len(panel.query(ItemBox)) == 4


@ui_test
async def test_a_panel_that_fits_at_its_whole_width_has_no_scroll_bar_whatever_came_before():
    """28 columns hold the heading on one line; a scroll bar's two columns would wrap it,
    and the wrapped panel (4 rows) would not fit its 3: the bar must not stay once the
    sections fit without it (Textual alone keeps it)."""
    noted = PanelSection("White's hand", (PanelItem("a", "a", owner=0),), note="⇄ choose face")
    async with PanelApp().run_test(size=(30, 12)) as pilot:
        panel = pilot.app.query_one(PanelView)
        panel.fit_room(3)
        await show(pilot, [hand(*"abcdefghij"), BAG])  # too tall: scrolls
        assert panel.show_vertical_scrollbar and panel.scrollbar_size_vertical == 2
        await show(pilot, [noted, BAG])
        heading = panel.query(".section-title").first()
        assert heading.size.height == 1 and heading.region.width == 28
        assert panel.max_scroll_y == 0 and panel.scrollbar_size_vertical == 0


@ui_test
async def test_a_panel_given_its_room_by_style_scrolls_with_a_bar_when_it_does_not_fit():
    """The room may come as the panel's max height set by a screen itself (the review
    did): sections taller than it get the bar, so that what is cut off shows it is."""
    async with PanelApp().run_test(size=(30, 12)) as pilot:
        panel = pilot.app.query_one(PanelView)
        panel.styles.max_height = 3
        await show(pilot, [hand(*"abcdefghij"), BAG])
        assert panel.max_scroll_y > 0 and panel.scrollbar_size_vertical == 2
