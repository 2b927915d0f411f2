"""The shared game layer: game-agnostic, no Textual or Rich imports.

Everything the UI and the command line know about a game comes through the
``Rules`` interface defined in :mod:`ogames.core.rules`.
"""
