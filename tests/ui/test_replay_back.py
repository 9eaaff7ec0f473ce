"""Esc in the replay viewer goes back to where it was opened from: the list of finished games, whether
the viewer was opened from the list (R) or from a listed game's scoresheet (Review this game)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_finished_ui import indexed, menu_with_finished_games


def _names(d: object) -> list[str]:
    return [s.name for s in d.app.scenes.scenes]  # type: ignore[attr-defined]


@pytest.mark.slow
def test_esc_in_the_viewer_goes_back_to_the_list(tmp_path: Path) -> None:
    d = menu_with_finished_games(tmp_path)
    try:
        d.press_widget("finished")
        indexed(d)
        d.key(pygame.K_r)                    # the chosen game's replay, from the list
        d.settle()
        assert _names(d) == ["menu", "finished", "replay"]
        d.key(pygame.K_ESCAPE)
        d.settle()
        assert _names(d) == ["menu", "finished"]
        d.key(pygame.K_RETURN)               # its scoresheet, then Review this game
        d.settle()
        assert _names(d) == ["menu", "finished", "scoring"]
        d.key(pygame.K_v)
        d.settle()
        assert _names(d) == ["menu", "finished", "scoring", "replay"]
        d.key(pygame.K_ESCAPE)               # the review stops first; the viewer stays
        d.settle()
        d.key(pygame.K_ESCAPE)
        d.settle()
        assert _names(d) == ["menu", "finished"]
    finally:
        pygame.display.quit()
