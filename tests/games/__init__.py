"""Games that live in the tests alone, each a package shaped exactly like a folder of
``ogames/games/``: ``fourinarow`` proves that a game is added in one folder (see
``docs/adding-a-game.md``). The tests register them (``tests.conftest``) only while a test
runs on them, so the app and every other test see the games of ``ogames/games/`` alone."""
