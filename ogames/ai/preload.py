"""What every search worker needs, imported once by multiprocessing's fork server so that
each worker forked from it starts with it loaded (:func:`ogames.ai.processes.workers_context`):
the searches on every core and each game's engine and computer. Spawning a fresh
interpreter for each move and importing these took 0.13-0.3 s of the hard level's 1.7 s;
forking one from the server takes about 0.02 s.

Knows no game: it loads those the registry finds. A game that fails to load here is
left to its worker to load (and report) as before."""

from __future__ import annotations

from ..core import registry
from . import parallel_alphabeta, parallel_monte_carlo  # noqa: F401 - loaded for the workers

for _game_id in registry.available_ids():
    try:
        registry.get_rules(_game_id).policy()
    except Exception:  # noqa: BLE001, S112 - the worker loads it again and reports the failure
        continue
