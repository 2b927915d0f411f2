"""Widgets of the app: the board, the move list, the side panel."""
