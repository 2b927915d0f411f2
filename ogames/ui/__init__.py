"""The Textual app: game picker, game screen, one board widget, one input mechanism."""
