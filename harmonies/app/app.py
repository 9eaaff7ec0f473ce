"""The application object: window, scene stack, shared services, the frame loop."""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame

from harmonies.rules import CardSet
from harmonies.session import SaveSlot
from harmonies.session.errlog import log_error, log_folder

from harmonies.catalogue import Catalogue, has_language, system_language
from .assets import AssetError, asset
from .device import is_steam_deck
from .input import PAD_GONE, InputMap, Intent, Pads, player_map
from .loop import MAX_DT, Pacer, Plan, WindowPacer, soonest, split_of
from .navigation import OpenMenu, OpenPadLost
from .navigator import Navigator
from .scene import Scene, SceneStack
from .scenes.registry import ask_before_closing, build_scene
from .settings import DECK_DEFAULTS, MemorySettingsStore, Settings, SettingsStore
from .sound import Sounds, init_pygame
from .theme import Fonts, Theme
from .touch import FINGER_EVENTS, TouchPointer, synthesized
from .viewport import Viewport

#: The name the desktop knows the window by (X11's WM_CLASS, Wayland's app id): the ``.desktop`` file of
#: the Linux package says ``StartupWMClass=harmonies``, so the menu entry and the window are one app.
WINDOW_CLASS = "harmonies"

MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
# Video drivers that draw nowhere. SDL falls back to them when no display answers; a player
# launching the window then gets a game nobody can see, so they count only when asked for by name
# (SDL_VIDEODRIVER=dummy: the tests, the smoke test, the screenshots).
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})


class App:
    """Owns the window and everything scenes share; scenes reach it as ``self.app``.

    ``step(dt)`` runs exactly one frame (events, update, stack changes, draw), so
    tests can drive the app frame by frame with posted events.
    """

    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 settings_store: SettingsStore | None = None, data_dir: Path | None = None,
                 cards: CardSet | None = None, messages: list[str] | None = None, saves: SaveSlot | None = None,
                 language: str | None = None, deck: bool | None = None) -> None:
        self.settings_store = settings_store or MemorySettingsStore()
        self.settings: Settings = self.settings_store.load()
        #: Whether this is a Steam Deck (None: found out from the machine): its screen's defaults apply
        #: to the settings the player has not chosen.
        self.deck = is_steam_deck() if deck is None else deck
        if self.deck:
            self.settings = self.settings.for_device(DECK_DEFAULTS)
        if size is not None:
            self.settings = self.settings.with_(window=f"{size[0]}x{size[1]}")
            if self.deck and fullscreen is None:  # a size asked for on the command line is a window's
                self.settings = self.settings.with_(fullscreen=False)
        if fullscreen is not None:
            self.settings = self.settings.with_(fullscreen=fullscreen)
        #: The language shown: ``--lang``, else the one chosen in Settings, else the system's locale.
        self.language = (language if language and has_language(language) else None) \
            or self.settings.language or system_language()
        self.data_dir = data_dir
        self.cards = cards
        #: What the menu tells the player (problems met on the way there), oldest first, each once.
        self.messages: list[str] = list(dict.fromkeys(messages or []))
        # SDL reads the window's class when it starts its video part; one set by the caller is kept.
        os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
        os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
        init_pygame()
        # On X11 the window's pixels reach the screen through SDL's own framebuffer (shared memory), which
        # shows only the rectangles a partial frame drew (see .loop); SDL's OpenGL texture instead shows the
        # whole window every frame, and on a software OpenGL that costs milliseconds a frame. Other video
        # drivers (Wayland, Cocoa) have no framebuffer of their own and keep SDL's texture. SDL reads the
        # hint when the window is made (below), so it is set once the driver is known.
        if pygame.display.get_driver() == "x11":
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.set_caption("Harmonies")
        set_window_icon()
        self.window = self._open_window()
        self.vp = Viewport(self.window.get_size(), self.settings.text_size / 100)
        self.theme = Theme.load()
        self.fonts = Fonts(self.theme)
        self.catalogue = Catalogue.load(self.language)
        pygame.display.set_caption(self.t("app.title"))
        self.sounds = Sounds()
        self.saves = saves if saves is not None else SaveSlot(data_dir, cards, enabled=False)
        self.scenes = SceneStack()
        #: Opens screens by value (``navigation.Open…``); scenes use it instead of importing each other.
        self.navigate = Navigator(self, build_scene)
        self.running = True
        self.time = 0.0
        self.frames = 0
        #: How many of those frames were drawn in part (only the rectangles a timer changed).
        self.partial_frames = 0
        self.on_first_frame: list[Callable[[], None]] = []
        #: Drawing caches (pure memoisation of sprites, safe to clear at any time).
        self.cache: dict[str, dict[Any, Any]] = {}
        #: What keys mean (the input map with the player's rebinding); a damaged entry is told on the menu.
        self.input: InputMap = self._input_map()
        #: The game controllers plugged in; the one last used gives the prompts' buttons.
        self.pads = Pads()
        #: The finger that acts as the mouse on a touch screen.
        self.touch = TouchPointer()
        pygame.key.set_repeat(400, 40)

    # -- services -----------------------------------------------------------------
    def t(self, key: str, default: str | None = None, **params: Any) -> str:
        return self.catalogue.t(key, default, **params)

    def tell(self, message: str) -> None:
        """Add a message for the menu. One already there moves to the newest place rather than being
        shown twice: a Continue that fails again says the same thing once."""
        if message in self.messages:
            self.messages.remove(message)
        self.messages.append(message)

    def set_language(self, language: str) -> None:
        """Choose the language in Settings: stored, and every scene shows it from the next frame on."""
        self.language = language
        self.apply_settings(self.settings.with_(language=language))

    def _reload_text(self) -> None:
        """Read the catalogue of :attr:`language` again; scenes look their words up as they draw, and
        ``on_resize`` lets those that measured text lay themselves out anew."""
        if self.catalogue.language == self.language:
            return
        self.catalogue = Catalogue.load(self.language)
        pygame.display.set_caption(self.t("app.title"))
        self.cache.clear()
        for scene in self.scenes.scenes:
            scene.on_resize()

    def play_sound(self, name: str) -> None:
        self.sounds.play(name, self.settings.volume)

    def mouse_virtual(self) -> tuple[float, float]:
        """Where the pointer is, in virtual units: the mouse, or the finger that touched last."""
        return self.vp.to_virtual(self.touch.at or pygame.mouse.get_pos())

    def _open_window(self) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.settings.window_size, flags)

    def _input_map(self) -> InputMap:
        found, problems = player_map(self.settings.keys, self.settings.buttons)
        for problem in problems:
            self.tell(problem)
        return found

    def apply_settings(self, settings: Settings) -> None:
        """Store new settings and apply the ones that change the window."""
        old = self.settings
        settings = settings.choosing(old)
        self.settings = settings
        self.settings_store.save(settings)
        if (old.keys, old.buttons) != (settings.keys, settings.buttons):
            self.input = self._input_map()
        if (old.window, old.fullscreen) != (settings.window, settings.fullscreen):
            self.window = self._open_window()
            self._resized()
        elif old.text_size != settings.text_size:
            self._resized()
        self._reload_text()

    def _resized(self) -> None:
        self.window = pygame.display.get_surface() or self.window
        self.vp.text_scale = self.settings.text_size / 100
        self.vp.resize(self.window.get_size())
        self.cache.clear()
        for scene in self.scenes.scenes:
            scene.on_resize()

    # -- the frame ----------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if event.type in FINGER_EVENTS:
            for mouse in self.touch.as_mouse(event, self.window.get_size()):
                self.process_event(mouse)
            return
        if event.type in MOUSE_EVENTS and synthesized(event):
            return  # SDL's mouse copy of a touch: the finger's own events acted already
        if event.type == pygame.MOUSEMOTION and not getattr(event, "finger", False):
            self.touch.at = None  # the mouse moved: the pointer is where it is again
        if event.type == pygame.QUIT:
            self.request_close()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        if Intent.FULLSCREEN in self.input.intents(event):
            self.apply_settings(self.settings.with_(fullscreen=not self.settings.fullscreen))
            return
        if event.type == PAD_GONE:
            self._pad_gone()
            return
        if event.type in MOUSE_EVENTS:
            event = pygame.event.Event(event.type, {**event.dict, "vpos": self.vp.to_virtual(event.pos)})
        rest = self.scenes.dispatch(event)
        if rest is not None and Intent.BACK in self.input.intents(rest) and len(self.scenes) > 1:
            self.scenes.pop()

    def _pad_gone(self) -> None:
        """The pad in use was unplugged: whatever the screen, it stops (a game in play with it) and says so
        until a pad is plugged in again or a key is pressed."""
        top = self.scenes.top
        if top is not None and top.name != "pad_lost":
            self.navigate.push(OpenPadLost())

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One frame, always drawn; returns False once the app wants to close."""
        self.advance(dt, events)
        self.present()
        return self.running

    def advance(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """Events, the top scene's update and the stack's changes, without drawing; whether the
        window must be drawn for them (input came or the stack changed)."""
        changed = self.scenes.apply_pending()
        raw = pygame.event.get() if events is None else events
        events = [out for event in raw for out in self.pads.translate(event)]
        events += self.pads.sticks() + self.pads.repeats(dt)
        for event in events:
            # each event sees the stack its predecessors left: two quick Esc presses close
            # the pause menu and then pause again, never pop two scenes at once
            self.scenes.apply_pending()
            self.process_event(event)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        changed = self.scenes.apply_pending() or changed or bool(events)
        if not self.scenes.scenes:
            self.running = False
        self.time += dt
        return changed

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Draw the visible scenes and show them: the whole window, or only ``rects`` (a frame only a timer
        called for, see :mod:`.loop`), each drawn whole with the window clipped to it."""
        if rects is None:
            self.draw()
            pygame.display.flip()
        else:
            try:
                for rect in rects:
                    self.window.set_clip(rect)
                    self.draw()
            finally:
                self.window.set_clip(None)
            pygame.display.update(rects)
            self.partial_frames += 1
        for scene in self.scenes.scenes:
            scene.dirty = False
        self.frames += 1
        if self.frames == 1:
            for fn in self.on_first_frame:
                fn()

    def draw(self) -> None:
        self.window.fill(self.theme.c("table"))
        for scene in self.scenes.visible():
            scene.draw(self.window)

    def run(self, fps: int = 60, pacer: Pacer | None = None) -> int:
        """The window's loop until the app closes: a frame is drawn only when something changed
        (:mod:`.loop`); in between it sleeps in the event queue."""
        pacer = pacer or WindowPacer()
        plan = Plan()
        failures: list[float] = []
        sleep = 0.0
        last = pacer.now()
        while self.running:
            events = pacer.events(sleep)
            now = pacer.now()
            dt, last = min(now - last, max(MAX_DT, sleep)), now
            drawn = True
            try:
                drawn = self._pass(dt, events, now, plan)
            except Exception as exc:  # noqa: BLE001 - a bug must not eat the game night
                failures = [t for t in failures if time.monotonic() - t < 10] + [time.monotonic()]
                if len(failures) > 3:
                    raise
                self._recover(exc)
                plan.due = now
            if drawn:
                pacer.hold(fps)
            sleep = soonest([plan.sleep(pacer.now(), self.scenes.top), self.pads.wake_in()]) or 0.0
        return 0

    def _pass(self, dt: float, events: list[pygame.event.Event], now: float, plan: Plan) -> bool:
        """One pass of the loop: events and update, then a frame if one is wanted; whether one was drawn."""
        changed = self.advance(dt, events) or self.frames == 0
        visible = self.scenes.visible()
        timer_only = not changed and not any(scene.dirty for scene in visible)
        drawn = changed or plan.frame_due(now, visible)
        if drawn:
            splits = [split_of(scene) for scene in visible]
            self.present(plan.partial(splits) if timer_only else None)
            plan.drawn(splits)
        plan.after(now, drawn, visible)
        return drawn

    def _recover(self, exc: BaseException) -> None:
        """Log the error, tell the player, and go back to the menu (the game is autosaved)."""
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        log = log_error(log_folder(self.data_dir), exc, "a frame failed")
        if sys.stderr is not None:
            print(text, file=sys.stderr)
        self.tell(self.t("menu.recovered", where=str(log) if log else "stderr"))
        self.scenes = SceneStack()
        self.navigate.reset(OpenMenu())

    def start(self, scene: Scene) -> None:
        self.scenes.reset(scene)

    def quit(self) -> None:
        self.running = False

    def request_close(self) -> None:
        """The window's close button: with actions that could not be saved, ask first; closing again quits."""
        if any(getattr(scene, "purpose", "") == "close" for scene in self.scenes.scenes):
            self.running = False
            return
        ask_before_closing(self)


def set_window_icon() -> bool:
    """Give the window (its title bar, the task bar, the window switcher) the app's icon,
    assets/icon.png, before the window opens. Without the file, or with one SDL cannot read, the
    window keeps SDL's own icon rather than not opening: returns whether the icon was set. (The
    smoke test fails a bundle without it.)"""
    try:
        icon = pygame.image.load(str(asset("icon.png")))
    except (AssetError, FileNotFoundError, pygame.error):
        return False
    pygame.display.set_icon(icon)
    return True


def display_problem(catalogue: Catalogue) -> str | None:
    """Start SDL's video; the line to print if it cannot show a window, else None.

    What SDL's drivers say on stderr while they probe (an absent Wayland, a refused X connection)
    is kept back when no display is found, so the player reads one line, ours.
    """
    asked = os.environ.get("SDL_VIDEODRIVER", "").strip()
    said: list[bytes] = []
    try:
        with _stderr_caught(said):
            pygame.display.init()
            driver = pygame.display.get_driver()
    except pygame.error as exc:
        return catalogue.t("app.no_display", reason=str(exc))
    if asked or driver not in HEADLESS_DRIVERS:
        for text in said:  # a real window: what the drivers said is let through
            os.write(2, text)
        return None
    pygame.display.quit()
    display = os.environ.get("DISPLAY", "") or os.environ.get("WAYLAND_DISPLAY", "")
    reason = catalogue.t("app.no_display_dead", display=display) if display else catalogue.t("app.no_display_unset")
    return catalogue.t("app.no_display", reason=reason)


@contextmanager
def _stderr_caught(into: list[bytes]) -> Iterator[None]:
    """What is written to file descriptor 2 inside the block (C libraries included) goes to
    ``into`` instead; nothing is caught where there is no stderr (a windowed build)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            text = caught.read()
            if text:
                into.append(text)


def process_age() -> float:
    """Seconds since this process started (Linux /proc; otherwise since this module loaded)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _LOADED


_LOADED = time.perf_counter()
