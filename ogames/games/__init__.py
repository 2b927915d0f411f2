"""The games, one package each: every sub-package here is a game, found by the registry
(``ogames.core.registry``) by listing this folder. Pure Python: no Textual or Rich."""
