"""Input quoted in a message: a person's text is echoed back so they can see what was
refused, but a message is one line of readable length, whatever was typed or pasted.

One helper for every place that echoes input (a number in position text, a move on the
command line, the text of an unexpected error), so that a newline, an escape sequence or a
100,000-character token never reaches the terminal as it is.
"""

from __future__ import annotations

#: how much of a piece of input a message quotes by default (position text: one field)
SHOWN = 12


def shown(text: str, limit: int = SHOWN) -> str:
    """``text`` as a message quotes it: every character that does not print (a control
    character such as a newline or ESC, a line or paragraph separator) written as its
    Python escape (``\\n``, ``\\x1b``, ``\\u2028``), and cut after ``limit`` characters of
    that with ``…``. Looks at no more of ``text`` than it shows."""
    out: list[str] = []
    used = 0
    for ch in text:
        piece = ch if ch == " " or ch.isprintable() else repr(ch)[1:-1]
        if used + len(piece) > limit:
            return "".join(out) + "…"
        out.append(piece)
        used += len(piece)
    return "".join(out)
