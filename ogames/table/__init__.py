"""The game table: one game being played, its seats and its turn flow (whose turn, the
computer's thinking, hand-offs, undo and takeback, draw offers, resignation, the clock and
the autosave), apart from any screen. Game-blind and without Textual: the app's screens,
the online host and ``ogames bot`` all drive a :class:`~ogames.table.table.Table`.

Layering: the table sits above ``ogames.core`` and ``ogames.ai`` and below the UI, the
online play (``ogames.net``) and the command line; it imports neither of those."""
