"""Rules engines, one module per game. Pure Python: no Textual or Rich."""
