"""The one module that imports every scene: it builds the scene for each destination of
:mod:`harmonies.app.navigation`. The app reaches the scenes package only through here, and no scene
imports this module or another scene's, so scene modules never import each other in a circle.

A new screen is a new ``Open…`` value in ``navigation.py`` (added to ``Destination``) plus one case
below; mypy checks that every destination has its case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn, Protocol

from ..navigation import (Destination, OpenChallenges, OpenDaily, OpenFinished, OpenGames, OpenGuide, OpenGuideDone,
                          OpenHandover, OpenHowTo,
                          OpenKeys, OpenMenu, OpenPadLost, OpenPause, OpenPlay, OpenRebind, OpenReplay, OpenScoring,
                          OpenSettings, OpenSetup, OpenStats, OpenHost, OpenJoin)
from ..play.guide import Guide, guide_config
from ..scene import Closing, Scene
from .challenges import ChallengesScene
from .daily import DailyScene
from .finished import FinishedScene
from .games import GamesScene
from .guide_done import GuideDoneScene
from .handover import HandoverScene
from .host import HostScene
from .howto import HowToScene
from .join import JoinScene
from .keys import KeysScene
from .rebind import RebindScene
from .menu import MenuScene
from .pad_lost import PadLostScene
from .pause import PauseScene
from .play import PlayScene
from .replay import ReplayScene
from .saving import SavingServices, confirm_leave
from .scoring import ScoringScene
from .settings import SettingsScene
from .setup import SetupScene
from .stats import StatsScene

if TYPE_CHECKING:
    from ..scene import Host


def build_scene(app: Host, to: Destination) -> Scene:
    """The scene that shows ``to``. It builds every scene, so it is given the whole :class:`Host`; each
    scene is typed with the part of it that scene uses."""
    match to:
        case OpenMenu():
            return MenuScene(app)
        case OpenSetup(config):
            return SetupScene(app, config)
        case OpenPlay(start, demo, exit_when_done, session):
            return PlayScene(app, start, demo, exit_when_done, session=session)
        case OpenPause(game, names, restart, guided, networked, joined):
            return PauseScene(app, game, names, restart, guided, networked, joined)
        case OpenScoring(game, config, demo, exit_when_done, review):
            return ScoringScene(app, game, config, demo, exit_when_done, review)
        case OpenFinished():
            return FinishedScene(app)
        case OpenReplay(setup, commands, names, cards, seat, review, deal):
            return ReplayScene(app, setup, commands, names, cards, seat, review, deal)
        case OpenHowTo(topic):
            return HowToScene(app, topic)
        case OpenSettings():
            return SettingsScene(app)
        case OpenKeys():
            return KeysScene(app)
        case OpenRebind():
            return RebindScene(app)
        case OpenGames(games, open_game):
            return GamesScene(app, games, open_game)
        case OpenHandover(who, seat):
            return HandoverScene(app, who, seat)
        case OpenGuide():
            # played like the demo: nothing is saved, archived or counted in the bests
            guide = Guide()
            return PlayScene(app, guide_config(guide, app.t("setup.default_name", n=1)), demo=True, guide=guide)
        case OpenGuideDone():
            return GuideDoneScene(app)
        case OpenDaily():
            return DailyScene(app)
        case OpenChallenges():
            return ChallengesScene(app)
        case OpenStats():
            return StatsScene(app)
        case OpenPadLost():
            return PadLostScene(app)
        case OpenHost(start, meta):
            return HostScene(app, start, meta)
        case OpenJoin():
            return JoinScene(app)
        case _:
            return _unreachable(to)


class ClosingServices(SavingServices, Closing, Protocol):
    """What the window's close button uses: the questions about unsaved actions, then closing."""


def ask_before_closing(app: ClosingServices) -> None:
    """The window's close button: quit, after asking first when actions could not be saved."""
    confirm_leave(app, "close", app.quit)


def _unreachable(to: NoReturn) -> NoReturn:
    """mypy refuses the call when a destination has no case above (``to`` is then not ``Never``)."""
    raise AssertionError(f"no scene for {to!r}")
