"""The one input mechanism (core.entry) against a tiny stub and against the real engines."""

from __future__ import annotations

import pytest

from ogames.core.board import BoardLayout, CellView, Pick, cell, item
from ogames.core.entry import Entry, Selection
from ogames.core.game import Game
from ogames.core.registry import available_ids, get_rules
from ogames.core.rules import Rules
from tests.conftest import GAME_IDS


def need(game_id: str) -> Rules:
    if game_id not in available_ids():
        raise AssertionError(f"the {game_id} engine is missing")
    return get_rules(game_id)


def keys(picks) -> list[str]:
    return sorted(p.key for p in picks)


class Stub(Rules):
    """Moves are given as their pick paths; the position is ignored."""

    id = "stub"
    name = "Stub"

    def __init__(self, paths: dict[str, tuple[tuple[Pick, ...], ...]]):
        self.paths = paths

    def sides(self, variant):
        return ("A", "B")

    def side_colours(self, variant):
        return ("red", "blue")

    def variant_of(self, pos):
        return "standard"

    def start(self, variant, seed=None):
        return 0

    def to_move(self, pos):
        return 0

    def format_position(self, pos):
        return str(pos)

    def parse_position(self, text, variant=None):
        return int(text)

    def moves(self, pos):
        return list(self.paths)

    def apply(self, pos, move):
        return pos + 1

    def outcome(self, pos):
        return None

    def move_text(self, pos, move):
        return move

    def parse_move(self, pos, text):
        return self.find_move(pos, text)

    def layout(self, variant, *, flipped=False, ascii=False):
        return BoardLayout(1, 1, (" ",), ())

    def cell_views(self, pos, viewer=None):
        return {"a1": CellView(" ", ".")}

    def pick_paths(self, pos, move):
        return self.paths[move]

    def explain(self, pos, picks, pick):
        return f"no {pick.key} after {len(picks)} picks"


A, B, C, D = cell("a"), cell("b"), cell("c"), cell("d")


def stub_entry(**paths) -> Entry:
    rules = Stub(paths)
    return Entry(rules, 0, rules.legal_moves(0))


# ----- the rules of the mechanism (stub) ---------------------------------------------


def test_next_picks_and_movable():
    e = stub_entry(m1=((A, B),), m2=((A, C),), m3=((D, A),))
    assert keys(e.movable()) == ["a", "d"]
    assert keys(e.next_picks((A,))) == ["b", "c"]
    assert e.next_picks((A, B)) == frozenset()


def test_a_complete_unique_path_is_played():
    e = stub_entry(m1=((A, B),), m2=((A, C),))
    assert e.select((A,), B) == Selection((A, B), "m1")


def test_a_path_that_may_go_on_waits_and_is_played_by_repeating_the_last_pick():
    e = stub_entry(short=((A, B),), long=((A, B, C),))
    sel = e.select((A,), B)
    assert sel == Selection((A, B), None)
    assert e.waiting((A, B)) == "short"
    assert e.select((A, B), B) == Selection((A, B), "short")
    assert e.select((A, B), C) == Selection((A, B, C), "long")


class Keeping(Stub):
    """A stub whose engine reads ``d`` after ``a`` as a continuation that fails."""

    def keeps_selection(self, pos, picks, pick):
        return "d cannot follow a" if picks == (A,) and pick == D else None


def test_a_piece_that_could_start_a_move_starts_over_unless_the_engine_keeps_the_selection():
    paths = {"m1": ((A, B),), "m2": ((D, C),), "m3": ((C, A),)}
    plain = Entry(Stub(paths), 0, list(paths))
    assert plain.select((A,), D) == Selection((D,))
    kept = Entry(Keeping(paths), 0, list(paths))
    assert kept.select((A,), D) == Selection((A,), refusal="d cannot follow a")
    assert kept.select((A,), C) == Selection((C,))  # the engine keeps only what it names


def test_forced_item_picks_are_filled_in():
    card = item("card:X")
    e = stub_entry(m1=((A, B, card),), m2=((A, C, item("card:Y")), (A, C, item("card:Z"))))
    assert e.select((A,), B).move == "m1"
    # two different moves reach c: the player must choose
    e2 = stub_entry(m1=((A, C, item("card:Y")),), m2=((A, C, item("card:Z")),))
    assert e2.select((A,), C) == Selection((A, C), None)
    assert e2.select((A, C), item("card:Z")).move == "m2"


def test_one_move_with_several_paths_is_played_by_any_of_them():
    e = stub_entry(ordo=((A, B, C), (B, A, D)))
    assert e.select((B, A), D).move == "ordo"
    assert e.select((A, B), C).move == "ordo"


def test_reselecting_takes_back_and_another_first_pick_starts_over():
    e = stub_entry(m1=((A, B),), m2=((D, C),))
    assert e.select((A,), A) == Selection(())
    assert e.select((A,), D) == Selection((D,))


def test_refusal_comes_from_the_engine():
    e = stub_entry(m1=((A, B),))
    assert e.select((A,), C) == Selection((A,), refusal="no c after 1 picks")
    assert e.select((), B).refusal == "no b after 0 picks"


def test_a_closed_entry_refuses_everything():
    rules = Stub({"m1": ((A, B),)})
    e = Entry(rules, 0, (), closed="the game is over")
    assert e.select((), A).refusal == "the game is over"
    assert e.movable() == frozenset()
    assert e.hint(()) == "the game is over"


class DirectStub(Stub):
    """Answers move entry itself, like an engine with too many moves to list."""

    def pick_options(self, pos, moves, picks):
        from ogames.core.board import PickOptions

        n = len(picks)
        paths = [(p, m) for m in self.paths for p in self.paths[m] if p[:n] == picks]
        following = frozenset(p[n] for p, _ in paths if len(p) > n)
        complete = next((m for p, m in paths if p == picks), None) if picks else None
        return PickOptions(following, complete, complete if not following else None)

    def pick_paths(self, pos, move):
        raise AssertionError("direct mode must not enumerate paths")


def test_direct_mode_asks_the_engine_and_never_lists_paths():
    rules = DirectStub({"short": ((A, B),), "long": ((A, B, C),), "other": ((D, A),)})
    e = Entry(rules, 0, rules.legal_moves(0))
    assert e.direct and e.paths == ()
    assert keys(e.movable()) == ["a", "d"]
    assert e.select((A,), B) == Selection((A, B))
    assert e.waiting((A, B)) == "short"
    assert e.select((A, B), B).move == "short"
    assert e.select((A, B), C).move == "long"
    assert e.select((A,), C).refusal == "no c after 1 picks"


def test_item_labels_come_from_the_paths():
    e = stub_entry(m1=((item("choice:a7=B", "a7: show Blue"),),))
    assert e.label(item("choice:a7=B")) == "a7: show Blue"
    assert e.label(item("other")) == "other"


# ----- the real engines ----------------------------------------------------------------


def test_ordo_singleton_and_ordo_moves():
    rules = need("ordo")
    game = Game.new(rules)
    e = Entry.from_game(game)
    assert "c2" in keys(e.movable()) and "c5" not in keys(e.movable())
    # either end's landing square enters the move, whichever end was selected first
    assert keys(e.next_picks((cell("c2"), cell("d2")))) == ["c3", "c4", "d3", "d4"]
    sel = e.select((cell("c2"), cell("d2")), cell("c3"))
    assert rules.move_text(game.position, sel.move) == "c2:d2-c3"
    sel = e.select((cell("c2"), cell("d2")), cell("d3"))
    assert rules.move_text(game.position, sel.move) == "c2:d2-c3"
    sel = e.select((cell("d2"), cell("c2")), cell("d4"))
    assert rules.move_text(game.position, sel.move) == "c2:d2-c4"
    sel = e.select((cell("d2"), cell("c2")), cell("c4"))
    assert rules.move_text(game.position, sel.move) == "c2:d2-c4"
    # b2 and b3 close a row that is blocked (a2, a3, c2 stand beside it): the second pick
    # is refused with the reason and the first stays, though b2 could move on its own
    assert "b2" in keys(e.movable())
    sel = e.select((cell("b3"),), cell("b2"))
    assert sel.picks == (cell("b3"),) and sel.move is None
    assert sel.refusal == ("the row b2–b3 cannot move: it is blocked, and pieces cannot pass "
                           "through other pieces")
    # a piece that closes no row with the first starts over
    assert e.select((cell("b3"),), cell("e2")) == Selection((cell("e2"),))
    sel = e.select((cell("a3"),), cell("a4"))
    assert rules.move_text(game.position, sel.move) == "a3-a4"
    assert e.select((), cell("c5")).refusal == rules.explain(game.position, (), cell("c5"))


def test_onitama_card_choice_and_card_first():
    rules = need("onitama")
    game = Game.from_position(
        rules, rules.parse_position("bbBbb/5/5/5/rrRrr b Elephant,Horse Boar,Ox Crab"))
    e = Entry.from_game(game)
    sel = e.select((cell("a5"),), cell("a4"))
    assert sel.move is None
    assert keys(e.next_picks(sel.picks)) == ["card:Boar", "card:Ox"]
    sel = e.select(sel.picks, item("card:Ox"))
    assert rules.move_text(game.position, sel.move) == "Ox a5-a4"
    sel = e.select((item("card:Boar"), cell("e5")), cell("e4"))
    assert rules.move_text(game.position, sel.move) == "Boar e5-e4"


def test_items_after_a_pick_are_the_cards_that_reach_the_square():
    rules = need("onitama")
    game = Game.from_position(
        rules, rules.parse_position("2B2/5/2b2/5/2R2 b Boar,Crab Ox,Horse Tiger"))
    e = Entry.from_game(game)
    c3 = (cell("c3"),)
    assert keys(e.items_after(c3, cell("d3"))) == ["card:Horse"]
    assert keys(e.items_after(c3, cell("b3"))) == ["card:Ox"]
    assert keys(e.items_after(c3, cell("c2"))) == ["card:Horse", "card:Ox"]
    assert e.items_after((), cell("c3")) == {item("card:Horse"), item("card:Ox")}
    assert e.items_after(c3, cell("e1")) == frozenset()  # not a target
    assert e.items_after((item("card:Ox"),), cell("c3")) == frozenset()  # card chosen


def test_onitama_single_card_is_filled_in():
    rules = need("onitama")
    game = Game.from_position(
        rules, rules.parse_position("bbBbb/5/5/5/rrRrr r Rooster,Tiger Cobra,Rabbit Frog"))
    e = Entry.from_game(game)
    sel = e.select((cell("c1"),), cell("c3"))
    assert rules.move_text(game.position, sel.move) == "Tiger c1-c3"


def test_oferhlyp_chain_stops_or_goes_on():
    rules = need("oferhlyp")
    game = Game.from_position(rules, rules.parse_position("D3/5/1DL3/1lL2/6/5/L3 d 1"))
    e = Entry.from_game(game)
    picks = (cell("c2"), cell("c4"))
    assert e.select((cell("c2"),), cell("c4")) == Selection(picks)
    assert rules.move_text(game.position, e.waiting(picks)) == "c2xc4"
    assert rules.move_text(game.position, e.select(picks, cell("c4")).move) == "c2xc4"
    sel = e.select(picks, cell("e3"))
    assert sel.move is None
    sel = e.select(sel.picks, cell("c2"))  # back to the origin: the triangle run
    assert rules.move_text(game.position, sel.move) == "c2xc4xe3xc2"


def test_oferhlyp_repetition_refusal():
    rules = need("oferhlyp")
    game = Game.new(rules)
    for text in "b2-b3 d4-d3 b3-b2 d3-d4 b2-b3 d4-d3 b3-b2".split():
        game.play_text(text)
    e = Entry.from_game(game)
    assert cell("d4") not in e.next_picks((cell("d3"),))
    refusal = e.select((cell("d3"),), cell("d4")).refusal
    assert refusal and "repeat" in refusal
    assert rules.move_text(game.position, e.select((cell("d3"),), cell("c3")).move) == "d3-c3"


def test_opprimo_king_move():
    rules = need("opprimo")
    game = Game.new(rules)
    e = Entry.from_game(game)
    assert "cd1" in keys(e.movable())
    sel = e.select((cell("cd1"),), cell("de1"))
    assert rules.move_text(game.position, sel.move) == "Kcd1-de1"


def test_ochmir_placement_with_side_choices():
    rules = need("ochmir")
    game = Game.from_position(rules, rules.parse_position(
        "3 WFnfBFnfNFwf10/1BTnfWTbt12/17/19/21/23/23/21/19/17/15/13 W WFbf/BFnf/BFnf - 0 0"))
    e = Entry.from_game(game)
    assert e.direct  # side choices: the engine answers entry itself (pick_options)
    assert item("tile:WFbf") in e.movable()
    picks = (item("tile:WFbf"), cell("b8"))
    assert keys(e.next_picks(picks)) == ["choice:a7=B", "choice:a7=N"]
    sel = e.select(picks, item("choice:a7=B"))
    sel = e.select(sel.picks, item("choice:b6=N"))
    assert rules.move_text(game.position, sel.move) == "WFbf@b8/a7B,b6N"
    sel = e.select((item("tile:WFbf"),), cell("f12"))
    assert rules.move_text(game.position, sel.move) == "WFbf@f12"


def test_finished_game_is_closed():
    rules = need("ordo")
    game = Game.from_position(rules, rules.parse_position("10/4W5/3W6/10/B9/10/10/10 w"))
    game.play_text("d6-d8")
    e = Entry.from_game(game)
    assert e.closed and e.select((), cell("a4")).refusal == "the game is over"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_move_can_be_entered(game_id):
    """Every legal move of the start is reached by its canonical path and no other move
    takes it away (played at once, or by repeating the last pick)."""
    rules = get_rules(game_id)
    game = Game.new(rules, seed=1)
    e = Entry.from_game(game)
    for move in e.moves:
        for path in rules.pick_paths(game.position, move):
            picks: tuple[Pick, ...] = ()
            played = None
            for pick in path:
                sel = e.select(picks, pick)
                assert sel.refusal is None, (rules.move_text(game.position, move), sel)
                picks, played = sel.picks, sel.move
                if played is not None:
                    break
            if played is None:
                played = e.select(picks, picks[-1]).move
            assert played == move
