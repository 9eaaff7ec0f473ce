"""Continue's list of games in progress (when there is more than one): who, when, which round; newest first."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from harmonies.persist.store import KEEP_REPLACED

from .. import paint
from ..widgets import Button
from .common import WidgetScene
from .saving import row_label

if TYPE_CHECKING:
    from ..scene import SceneServices

ROW_X, ROW_W, ROW_H, ROW_GAP, TOP = 240.0, 800.0, 54.0, 62.0, 150.0
#: Rows shown; the store keeps fewer replaced games than this, plus the latest one.
MAX_ROWS = 9


def _const(text: str) -> Callable[[], str]:
    return lambda: text


def _opener(open_game: Callable[[Path], None], path: Path) -> Callable[[], None]:
    return lambda: open_game(path)


class GamesScene(WidgetScene):
    name = "games"
    title_key = "games.title"

    def __init__(self, app: SceneServices, games: Sequence[Any], open_game: Callable[[Path], None]) -> None:
        super().__init__(app)
        self.games = list(games)[:MAX_ROWS]
        for i, game in enumerate(self.games):
            label = row_label(app, game)
            self.ui.add(Button((ROW_X, TOP + i * ROW_GAP, ROW_W, ROW_H), _const(label),
                               _opener(open_game, Path(game.path)), primary=i == 0, px=19, name=f"game{i}"))
        self.ui.add(Button((640 - 120, 650, 240, 50), lambda: app.t("games.back"), lambda: app.scenes.pop(),
                           name="back"))
        self.ui.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app = self.app
        paint.text(surface, app, app.t("games.hint", n=KEEP_REPLACED), (640, 108), 17,
                   app.theme.c("table_text_dim"), "center")
