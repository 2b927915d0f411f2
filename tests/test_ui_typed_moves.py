"""Moves typed in the move box (``:``): a whole short game of every game entered by typed
moves alone (alternative notations, multi-step chains, card choices, side choices), the
list of matches, Tab, ↑/↓ with the board's preview, Esc, and the reasons for a text that
names no legal move."""

from __future__ import annotations

import os
import re

import pytest
from textual import events

from ogames.core.registry import get_rules
from ogames.core.typed_moves import MoveFinder
from ogames.ui.screens.handoff import HandoffScreen
from ogames.ui.widgets.move_box import MoveBox, MoveInput
from tests.uihelp import (
    hand_over,
    need,
    playing,
    position,
    screen,
    status,
    ui_test,
    wait_for,
)

#: per game: how it is opened, the moves typed (as a player may type them), the move list
#: the game keeps (canonical texts), and who wins
GAMES = {
    "ordo": ({"position": "10/4W5/3W6/10/B9/10/10/10 w"},
             ["d6-d7", "a4-a3", "d7-d8"], ["d6-d7", "a4-a3", "d7-d8"], "White wins"),
    # multi-step chains, stopped early (c2xc4xe3) and run to the end
    "oferhlyp": ({"position": "D3/5/1DL3/1lL2/6/5/L3 d 1"},
                 ["c2xc4xe3", "d2-d1", "e3xc4xc2xe1"],
                 ["c2xc4xe3", "d2-d1", "e3xc4xc2xe1"], "Dark wins"),
    # the card named in any letter case
    "onitama": ({"position": "B4/5/2R2/5/5 r Tiger,Ox Cobra,Rabbit Frog"},
                ["ox c3-c4", "Cobra a5-b5", "frog c4-b5"],
                ["Ox c3-c4", "Cobra a5-b5", "Frog c4-b5"], "Red wins"),
    # king moves between triangles; the trap mark may be left out
    "opprimo": ({"position": "1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1"},
                ["Kcd1-cd2", "Kde11-cd11", "e10xc12"],
                ["Kcd1-cd2", "Kde11-cd11", "e10xc12#"], "Yellow wins"),
    # twelve moves without a placement: the stall ends it
    "ochmir": ({"position": "2 13/15/4BFwf12/5WLbt13/7WTbf13/23/23/21/19/17/15/13 W "
                            "-/WFbf - 11 0"},
               ["d8-c10"], ["d8-c10"], "White wins"),
}

#: three-handed Ochmir, nothing in the bag: a position with 49,991 legal moves (a placement
#: that leaves 14 tiles loose is 2^14 of them)
MANY = (
    "3 WFnfNFbfWTntBTwt1BTnfWFnfNTbfWFnfWFnfWFntNTbfBFwf/NLbtWFnfWFbfWTbfNFbfNFbfNFbt1NFwf"
    "NTbfWFbfWTnf3/BTntNTwfNFwtNFwfBFnfBTwfBFwtNLwfBFwfNFwtWTnfNTwfNFwfNFbfNTbt1BFnf/BFntBF"
    "wfBFwtBFnfBFntBFntBFwfBTwfBLntWTntBTntBFwtBTwfNFbfNFwlWTbfWFbfWFbfNFbf/BFwfBFnfNFwtBF"
    "ntBLnfWFntBTwfBTwtBFwfWFntBFwfBLwlBFnfBTwfBTwlWFnfBTwfBFwfWFnf1NFwf/NFbtNFwfBFwfBFntBF"
    "nfBFntBTwf2BFntBFwfBFnfBFnfBTnfBFnfBFwfBFwfBFntBFnfBFwfBFnfWTnfBTnf/BTnfWFbfNFwtWFnfNF"
    "wfBTwfBFwfNTwfNFbfNFwfBFwtBFwtBTwtBFnfBFwfBTnfBFwtWFnfBFnfBFwlNFwfBFnfBFwf/WFbfNFbtNF"
    "wfNFbfNLbfNFwfNFwfNFbtNFwf1BFnfBTwtBTntWFnfBFnfBFnfWFnfBFnfWFntNFwtNFwf/NTwfBFwt1NFwtB"
    "FwfNFbtNFbfWTbfBFwtBFnfBFwfBFwf1WFnfBFwfWFnfBFnfWFnfBFwf/NFbfNFbfNFwfNTbtNTwtBLnlBTwf"
    "BFwfBFntBFwfBFwfBLwtNFwtBTnfNFwtWFbt1/NTwfNFwfNFwfBFwfWLnlBFwfBFwfWFnfBFwfBFwfBFnfBTwf"
    "WFnfBFnfWTnl/1WFnfWFnfWFbfWTntWLntBFnfBFwfBFnfNTwfBTnfBFwtWFnf W "
    "WFnf,WFnt,WFnt,WTnf,BFnf/WFbl,WFnf/BFnf @3:210 0 219"
)


def box(app) -> MoveBox:
    return screen(app).query_one(MoveBox)


def matches(app) -> str:
    return str(box(app).query_one("#matches").render())


async def type_text(pilot, text: str) -> None:
    """Open the move box if it is closed and type ``text`` into it, key by key."""
    if not screen(pilot.app).has_class("typing"):
        await pilot.press("colon")
    await pilot.press(*text)
    await pilot.pause()


async def type_move(pilot, text: str) -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("game_id", list(GAMES))
@ui_test
async def test_a_whole_game_by_typed_moves(game_id):
    options, typed, kept, winner = GAMES[game_id]
    async with playing(game_id, **options) as (app, pilot):
        for text in typed:
            await pilot.pause()  # a hand-off screen comes up first
            await hand_over(pilot)
            await type_move(pilot, text)
            assert not screen(app).has_class("typing"), status(app)  # played: box closed
        s = screen(app)
        assert [p.text for p in s.game.plies] == kept
        assert s.game.outcome() is not None
        assert winner in str(s.query_one("#banner").render())


@ui_test
async def test_an_opening_typed_through_the_hand_offs():
    """Ochmir between two people: the box is opened after each hand-off, on the mover's
    own view (their tiles)."""
    need("ochmir")
    async with playing("ochmir", seed=1) as (app, pilot):
        for text in ("WFbf@f12", "BFwf@f13"):
            await pilot.pause()  # a hand-off screen comes up first
            await hand_over(pilot)
            await type_move(pilot, text)
            assert isinstance(app.screen, HandoffScreen)
        assert [p.text for p in screen(app).game.plies] == ["WFbf@f12", "BFwf@f13"]


@ui_test
async def test_keys_typed_ahead_of_a_hand_off_are_dropped():
    """Keys typed behind a move's Enter, before the hand-off comes up, belong to nobody's
    turn yet: they are dropped, not pressed on the hand-off (its Enter would show the next
    hand, its letters save, undo or leave) nor on the next player's view. The next
    player's move is typed after the hand-off, as ever."""
    need("ochmir")
    async with playing("ochmir", seed=1) as (app, pilot):
        await pilot.pause()
        await hand_over(pilot)
        burst(app, ":WFbf@f12⏎:BFwf@f13⏎")
        await wait_for(pilot, lambda: screen(app).game.plies)
        await pilot.pause(0.3)
        assert isinstance(app.screen, HandoffScreen)  # the hand-off waits for its Enter
        assert [p.text for p in screen(app).game.plies] == ["WFbf@f12"]
        await hand_over(pilot)
        await type_move(pilot, "BFwf@f13")
        assert [p.text for p in screen(app).game.plies] == ["WFbf@f12", "BFwf@f13"]


@ui_test
async def test_alternative_notations_play_the_canonical_move():
    async with playing("ordo") as (app, pilot):
        await type_move(pilot, "d2:c2-d3")  # the row's ends in the other order
        assert screen(app).game.plies[-1].text == "c2:d2-c3"


@ui_test
async def test_side_choices_typed_in_any_order():
    need("ochmir")
    sides = "3 WFnfBFnfNFwf10/1BTnfWTbt12/17/19/21/23/23/21/19/17/15/13 W WFbf/BFnf/BFnf - 0 0"
    async with playing("ochmir", position=sides) as (app, pilot):
        await pilot.pause()
        await hand_over(pilot)
        await type_text(pilot, "WFbf@b8")
        # a placement that leaves a7 and b6 loose: one move per choice of their faces, and
        # the text alone (each loose tile keeping its face) is the move shown first
        assert box(app).matches.total == 4
        await pilot.press("escape")
        await type_move(pilot, "WFbf@b8/b6N,a7B")
        assert screen(app).game.plies[-1].text == "WFbf@b8/a7B,b6N"


@ui_test
async def test_onitama_card_choice_by_text():
    """Two cards take the piece from a5 to a4: the text names the one played."""
    need("onitama")
    async with playing("onitama", position="bbBbb/5/5/5/rrRrr b Elephant,Horse Boar,Ox Crab") \
            as (app, pilot):
        await type_text(pilot, "a5-a4")  # the squares alone: both cards' moves are listed
        assert [m.text for m in box(app).matches.shown] == ["Boar a5-a4", "Ox a5-a4"]
        await pilot.press("escape")
        await type_move(pilot, "Ox a5-a4")
        assert screen(app).game.plies[-1].text == "Ox a5-a4"
        assert position(app).split()[-1] == "Ox"  # Ox, played, goes to the side


@ui_test
async def test_the_list_tab_arrows_and_the_preview():
    async with playing("ordo") as (app, pilot):
        s = screen(app)
        await type_text(pilot, "c2")
        shown = [m.text for m in box(app).matches.shown]
        assert shown == ["c2-c3", "c2-c4", "c2-d3", "c2-e4", "c2:d2-c3", "c2:d2-c4"]
        assert "c2-c3" in matches(app) and "c2:d2-c4" in matches(app)
        # the first is chosen and shown on the board: its path, the last cell as target
        assert s.board.marks.selected == {"c2"} and s.board.marks.target == {"c3"}
        await pilot.press("down", "down", "down", "down")
        assert box(app).move == s.rules.parse_move(s.game.position, "c2:d2-c3")
        assert s.board.marks.selected == {"c2", "d2"} and s.board.marks.target == {"c3"}
        await pilot.press("up")
        assert s.board.marks.selected == {"c2"} and s.board.marks.target == {"e4"}
        # Tab: what every match has in common first ("c2" → "c2" adds nothing here, so the
        # chosen move's whole text)
        await pilot.press("tab")
        assert box(app).input.value == "c2-e4"
        await pilot.press("backspace", "backspace", "backspace", ":", "tab")
        assert box(app).input.value == "c2:d2-c"
        assert s.game.plies == []
        await pilot.press("4", "enter")
        await pilot.pause()
        assert s.game.plies[-1].text == "c2:d2-c4"
        assert not s.has_class("typing") and s.board.marks.selected == frozenset()


@ui_test
async def test_escape_closes_the_box_and_nothing_is_played():
    async with playing("ordo") as (app, pilot):
        s = screen(app)
        await type_text(pilot, "e3-e4")
        assert s.has_class("typing") and s.query_one(MoveBox).display
        assert not s.query_one("#status").display  # the box stands in its place
        await pilot.press("escape")
        await pilot.pause()
        assert not s.has_class("typing") and s.game.plies == []
        assert s.board.has_focus and s.board.marks.selected == frozenset()
        assert "e3" in s.board.marks.target  # the pieces that can move, as before
        await pilot.press("u")  # the board's keys are back (nothing to undo)
        assert "nothing to undo" in status(app)


@ui_test
async def test_keys_typed_at_once_after_the_colon_all_go_in():
    """A fast typist (or a paste): the keys after ``:`` arrive before the box is drawn."""
    async with playing("oferhlyp") as (app, pilot):
        await pilot.pause()
        for key, char in [("colon", ":"), *[(c if c.isalnum() else "minus", c) for c in "b2-b3"],
                          ("enter", "\r")]:
            app._driver.send_message(events.Key(key, char))  # no pause between keys
        await wait_for(pilot, lambda: screen(app).game.plies)
        assert [p.text for p in screen(app).game.plies] == ["b2-b3"]


def burst(app, text: str) -> None:
    """Keys sent as a fast typist (or a paste) sends them: no pause between them; ``⏎``
    is Enter."""
    names = {":": "colon", "-": "minus", "⏎": "enter"}
    for char in text:
        key = names.get(char, char)
        app._driver.send_message(events.Key(key, "\r" if char == "⏎" else char))


@ui_test
async def test_moves_typed_ahead_are_played_in_order():
    """The second move typed before the first is played: the keys behind an Enter wait
    until the screen has played its move, then open the next box (they used to go into
    the old text: "Kcd1-cd2:a12-a10", refused). A refused move behind them stops nothing
    after it."""
    async with playing("opprimo") as (app, pilot):
        await pilot.pause()
        burst(app, ":Kcd1-cd2⏎:a12-a10⏎:a2-a4⏎")
        await wait_for(pilot, lambda: len(screen(app).game.plies) == 3)
        assert [p.text for p in screen(app).game.plies] == ["Kcd1-cd2", "a12-a10", "a2-a4"]
        burst(app, ":c2-c3⏎:b11-b9⏎")  # not Red's soldier: refused, then b11-b9 played
        await wait_for(pilot, lambda: len(screen(app).game.plies) == 4)
        await pilot.pause()
        assert [p.text for p in screen(app).game.plies][-1] == "b11-b9"
        assert not screen(app).has_class("typing")


@ui_test
async def test_escape_and_arrows_typed_ahead_act_in_their_turn():
    """Esc and ↓ sent in one burst with the keys around them act where they were typed
    (Esc used to wait for the screen to close the box while the keys behind it went into
    the closed box's text: "e3-e9:e3"; and the news that the box had been hidden, coming
    after it had opened again, took the focus from it, so ↓ and Enter went to the move
    list). Esc closes the first box unplayed; in the next, ↓ chooses the second match
    and Enter plays it."""
    async with playing("ordo") as (app, pilot):
        await pilot.pause()
        burst(app, ":e3-e9")
        app._driver.send_message(events.Key("escape", "\x1b"))
        burst(app, ":e3")
        s = screen(app)
        await wait_for(pilot, lambda: s.has_class("typing") and s.query_one(MoveInput).value)
        await pilot.pause()
        matches = [m.text for m in s.query_one(MoveBox).matches.shown]
        assert s.query_one(MoveInput).value == "e3" and len(matches) >= 2
        app._driver.send_message(events.Key("down", None))
        app._driver.send_message(events.Key("enter", "\r"))
        await wait_for(pilot, lambda: s.game.plies)
        assert [p.text for p in s.game.plies] == [matches[1]]


@ui_test
async def test_enter_with_nothing_typed_plays_nothing():
    async with playing("ordo") as (app, pilot):
        s = screen(app)
        await pilot.press("colon", "enter")
        assert s.game.plies == [] and "type a move" in matches(app)
        await pilot.press("down", "enter")  # a move chosen from the list is played
        await pilot.pause()
        assert [p.text for p in s.game.plies] == ["a3-b4"]  # the second in text order


@pytest.mark.parametrize(("game_id", "text", "reason"), [
    ("ordo", "c2-c5", "that would split your group"),
    ("ordo", "z9", "is not an Ordo move"),
    ("oferhlyp", "a1-c3", "a step goes to an adjacent hex"),
    ("onitama", "Ox c1-c3", "Ox does not move a piece from c1 to c3"),
])
@ui_test
async def test_a_text_that_names_no_legal_move_says_why(game_id, text, reason):
    async with playing(game_id, seed=1 if get_rules(game_id).uses_seed else None) \
            as (app, pilot):
        await type_text(pilot, text)
        assert reason in matches(app)  # as it is typed
        await pilot.press("enter")
        await pilot.pause()
        assert reason in matches(app) and screen(app).game.plies == []
        assert screen(app).has_class("typing")  # still open, to correct the text


@ui_test
async def test_the_repetition_rule_refuses_a_typed_move_with_its_reason():
    async with playing("oferhlyp") as (app, pilot):
        s = screen(app)
        for text in "b2-b3 d4-d3 b3-b2 d3-d4 b2-b3 d4-d3 b3-b2".split():
            s.game.play_text(text)
        s.position_changed()
        await type_move(pilot, "d3-d4")
        assert "repeat a position for the 3rd time" in matches(app)
        assert len(s.game.plies) == 7


def texts_starting(rules, pos, prefix: str) -> list[str]:
    """Every legal move's text that starts with ``prefix``, read one by one (slowly)."""
    return [t for t in (rules.move_text(pos, m) for m in rules.legal_moves(pos))
            if t.startswith(prefix)]


@ui_test
async def test_thousands_of_moves_are_counted_not_listed():
    need("ochmir")
    async with playing("ochmir", position=MANY, size=(80, 24)) as (app, pilot):
        await pilot.pause()
        await hand_over(pilot)
        s = screen(app)
        await type_text(pilot, "WFnf@i15")
        every = texts_starting(s.rules, s.game.position, "WFnf@i15")
        found = box(app).matches
        assert len(every) > 10_000  # i15 leaves many tiles loose: 2^n ways to turn them
        assert found.total == len(every) and 0 < len(found.shown) <= 60
        more = re.search(r"\+([\d,]+) more", matches(app))
        assert more and 0 < int(more[1].replace(",", "")) < len(every)
        await pilot.press("tab")  # what every match shares: up to the first face
        assert box(app).input.value == os.path.commonprefix(every)
        await pilot.press("enter")  # the text is no move yet: the first match is played
        await pilot.pause()
        assert s.game.plies[-1].text == min(every)


@ui_test
async def test_the_box_fits_80x24_without_cutting_the_board():
    async with playing("ordo", size=(80, 24)) as (app, pilot):
        s = screen(app)
        await pilot.press("colon")
        await pilot.pause()
        assert s.compact and s.board.content_region.height >= s.board.layout_.height
        assert s.query_one(MoveBox).region.bottom <= 23  # above the footer


@ui_test
async def test_no_box_once_the_game_is_over():
    async with playing("ordo", position="3W6/4W5/10/10/B9/10/10/10 b") as (app, pilot):
        s = screen(app)
        assert s.game.outcome() is not None
        await pilot.press("colon")
        assert not s.has_class("typing")  # over: the key does nothing


def test_the_finder_bisects_a_lazy_list_without_reading_it_all():
    """49,991 moves, listed lazily: a search reads a few dozen of their texts."""
    rules = get_rules("ochmir")
    pos = rules.parse_position(MANY)
    moves = rules.legal_moves(pos)
    finder = MoveFinder(rules, pos, moves)
    every = texts_starting(rules, pos, "WFnf@i15/")
    prefix = every[0][:every[0].index(",") - 1]  # the first loose tile, its face open
    found = finder.find(prefix, 10)
    assert found.total == len([t for t in every if t.startswith(prefix)]) == len(every)
    assert [m.text for m in found.shown] == every[:10]
    assert len(finder._texts.cache) < 200


@ui_test
async def test_the_matches_follow_the_text_at_once():
    """The list is found as the text changes, not a message later: so a keystroke's frame
    shows the text and its matches together (``make bench``: typing)."""
    async with playing("ordo") as (app, pilot):
        await pilot.press(":")
        box = app.screen.query_one(MoveBox)
        box.input.value = "e3-"
        shown = [m.text for m in box.matches.shown]
        assert shown and all(text.startswith("e3-") for text in shown), shown
