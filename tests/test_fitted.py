"""Shortening a line to the room it has (``ogames.ui.widgets.fitted.shorten``): whole
phrases, never half a word, and never a sentence that loses its verb."""

from __future__ import annotations

from ogames.ui.widgets.fitted import shorten

BANNER = "Game over: Black (Computer easy) wins — no pieces left"


def test_a_line_that_fits_is_kept_whole():
    assert shorten(BANNER, len(BANNER)) == BANNER


def test_a_bracketed_aside_goes_before_the_verb_after_it():
    # 36 cells, the banner of an 8×8 Ordo board: cutting at " (" would say only
    # "Game over: Black"; without the aside the phrase before the dash fits
    assert shorten(BANNER, 36) == "Game over: Black wins"
    # with room for the aside, the text keeps it (a phrase that ends after it)
    assert shorten(BANNER, 40) == "Game over: Black (Computer easy) wins"
    # an aside is dropped only when the cut would fall at its start
    saved = "Saved games (2, newest first) — ⏎ replay · c continue · d delete"
    assert shorten(saved, 50) == "Saved games (2, newest first) — ⏎ replay"


def test_a_line_ends_where_a_phrase_ends():
    text = "White to move — select a piece, or the two ends of a row"
    assert shorten(text, 29) == "White to move"
    assert shorten(text, 30) == "White to move — select a piece"


def test_an_aside_at_the_end_is_dropped_whole():
    text = "Viewing ply 0 of 1 (U redo; a move here asks before it drops the rest)."
    assert shorten(text, 40) == "Viewing ply 0 of 1."


def test_words_and_an_ellipsis_when_no_phrase_fits():
    assert shorten("one two three four", 12) == "one two…"
    assert shorten("unbreakable", 5) == "unbr…"
