"""Text from outside shown safely: input quoted in a message, and any text that comes from
a file, a position or the network.

A person's text is echoed back so they can see what was refused, but a message is one line
of readable length, whatever was typed or pasted (``shown``). And text that comes from
someone else's file (a player's name, a comment, a file's own name) is shown as it is,
except that a control character is written out instead of being sent to the terminal
(``visible``): an escape sequence in a name must never clear the screen, retitle the
window or ring the bell.

One place for both, so that a newline, an escape sequence or a 100,000-character token
never reaches the terminal as it is.
"""

from __future__ import annotations

#: how much of a piece of input a message quotes by default (position text: one field)
SHOWN = 12


def escaped(ch: str) -> str:
    """A character as it is shown: itself when it prints (a space, a letter of any script),
    else its Python escape (``\\n``, ``\\x1b``, ``\\u2028``)."""
    return ch if ch == " " or ch.isprintable() else repr(ch)[1:-1]


def visible(text: str) -> str:
    """``text`` with every character that does not print (a control character such as ESC,
    BEL or a newline, a line or paragraph separator) written as its escape, and nothing
    else changed: what a file says is shown, never what it would make a terminal do."""
    if text.isprintable():  # the usual case, at C speed
        return text
    return "".join(map(escaped, text))


def shown(text: str, limit: int = SHOWN) -> str:
    """``text`` as a message quotes it: as ``visible`` writes it, cut after ``limit``
    characters of that with ``…`` (never inside an escape). Looks at no more of ``text``
    than it shows."""
    out: list[str] = []
    used = 0
    for ch in text:
        piece = escaped(ch)
        if used + len(piece) > limit:
            return "".join(out) + "…"
        out.append(piece)
        used += len(piece)
    return "".join(out)
