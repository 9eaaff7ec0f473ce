"""The replay viewer's parts: its layout, its boards and log, and the game review shown in it.

Building blocks of ``scenes/replay.py``; none of them opens a screen."""
