"""ogames: five abstract board games for people sharing one terminal."""

__version__ = "0.1.0"
