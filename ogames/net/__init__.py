"""Online play: rooms served by a host over WebSocket, seats elsewhere, nothing hidden sent
to a seat that may not see it. See ``docs/protocol.md`` for the messages.

Layering: above the table (``ogames.table``), which every seat's and the host's turn flow
is; below the app (``ogames.ui``) and the command line, which it never imports."""
