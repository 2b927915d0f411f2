"""``python -m ogames``: the same as the ``ogames`` command."""

from .cli import main

main()
