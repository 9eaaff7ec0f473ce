"""Harmonies: the landscape-and-habitat board game for the desktop."""

__version__ = "0.1.0"
