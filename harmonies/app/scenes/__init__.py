"""The app's scenes: menu, setup, settings, how to play, play, pause, hand-over, scoring."""
