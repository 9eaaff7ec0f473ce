"""``harmonies demo``: computer players play a whole game in the window and it ends on the scoresheet."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.slow
def test_demo_plays_to_the_scoresheet_and_exits(monkeypatch: pytest.MonkeyPatch) -> None:
    from harmonies.app import demo
    from harmonies.app.scenes.scoring import ScoringScene
    from harmonies.app.settings import Settings

    monkeypatch.setattr(demo, "_user_settings", lambda data_dir=None: Settings(ai_speed="instant"))
    monkeypatch.setattr(ScoringScene, "exit_after", 0.2)
    seen: list[str] = []
    original = ScoringScene.on_enter

    def spy(self: Any) -> None:
        original(self)
        seen.append(self.name)
        assert self.game.over and self.outcome is not None

    monkeypatch.setattr(ScoringScene, "on_enter", spy)
    assert demo.run(players=2, seed=3, exit_when_done=True) == 0
    assert seen == ["scoring"]
