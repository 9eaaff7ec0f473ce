"""Harmonies: the landscape-and-habitat board game for the desktop."""

from harmonies.compiled import install

__version__ = "0.1.0"

# The compiled build of the rules and the AI, when one was built from the source as it is now
# (harmonies/compiled.py); otherwise everything runs as Python.
install()
