"""The scene stack: lifecycle calls, requests applied between frames, input chain, Esc."""

from __future__ import annotations

from typing import Any

import pygame

from harmonies.app.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name: str, log: list[str], consume: bool = True, passes: bool = False) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.name = name
        self.log = log
        self.consume = consume
        self.passes_input = passes

    def on_enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def on_exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def on_pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def on_resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.log.append(f"{self.name}.event")
        return None if self.consume else event


def test_requests_wait_for_apply() -> None:
    log: list[str] = []
    st = SceneStack()
    a = Probe("a", log)
    st.push(a)
    assert st.top is None and st.has_pending
    st.apply_pending()
    assert st.top is a
    assert log == ["a.enter"]


def test_push_pauses_and_pop_resumes() -> None:
    log: list[str] = []
    st = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    st.push(a)
    st.push(b)
    st.apply_pending()
    st.pop()
    st.apply_pending()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]
    assert st.top is a


def test_replace_and_reset() -> None:
    log: list[str] = []
    st = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    st.push(a)
    st.push(b)
    st.apply_pending()
    st.replace(c)
    st.apply_pending()
    assert st.scenes == (a, c)
    st.reset(Probe("m", log))
    st.apply_pending()
    assert [s.name for s in st.scenes] == ["m"]
    assert "a.exit" in log and "c.exit" in log


def test_input_chain_stops_at_a_scene_that_consumes() -> None:
    log: list[str] = []
    st = SceneStack()
    st.push(Probe("a", log))
    st.push(Probe("b", log, consume=False, passes=True))
    st.apply_pending()
    log.clear()
    assert st.dispatch(pygame.event.Event(pygame.USEREVENT)) is None
    assert log == ["b.event", "a.event"]


def test_a_modal_scene_does_not_pass_events_down() -> None:
    log: list[str] = []
    st = SceneStack()
    st.push(Probe("a", log))
    st.push(Probe("b", log, consume=False, passes=False))
    st.apply_pending()
    log.clear()
    ev = pygame.event.Event(pygame.USEREVENT)
    assert st.dispatch(ev) is ev
    assert log == ["b.event"]


def test_transparent_scenes_draw_over_the_one_below() -> None:
    st = SceneStack()
    a, b = Probe("a", []), Probe("b", [])
    b.transparent = True
    st.push(a)
    st.push(b)
    st.apply_pending()
    assert st.visible() == [a, b]


def test_escape_goes_back_through_the_real_scenes(app: Any) -> None:
    from ui_driver import Driver

    d = Driver(app)
    d.press_widget("howto")
    d.frames(1)
    assert d.top.name == "howto"
    d.key(pygame.K_ESCAPE)
    d.frames(1)
    assert d.top.name == "menu"
    d.key(pygame.K_ESCAPE)          # the menu stays: quitting is explicit
    d.frames(1)
    assert d.top.name == "menu" and app.running


def test_draw_does_not_change_the_play_scene(app: Any) -> None:
    from harmonies.app.scenes.play import PlayScene
    from harmonies.session import MatchConfig, Seat

    app.scenes.push(PlayScene(app, MatchConfig((Seat("A"), Seat("B")), seed=4)))
    app.step(0.0, events=[])
    sc = app.scenes.top
    before = (sc.game.to_json(), sc.message, sc.view_seat, len(sc.anims.flyers))
    for _ in range(3):
        sc.draw(app.window)
    assert (sc.game.to_json(), sc.message, sc.view_seat, len(sc.anims.flyers)) == before


def test_an_error_in_a_frame_returns_to_the_menu_with_a_message(app: Any, tmp_path: Any, monkeypatch: Any) -> None:
    from harmonies.app.scenes.menu import MenuScene

    class Boom(Scene):
        name = "boom"

        def update(self, dt: float) -> None:
            raise RuntimeError("kaboom")

    app.data_dir = tmp_path
    app.scenes.push(Boom(app))
    monkeypatch.setattr(MenuScene, "update", lambda self, dt: self.app.quit())
    assert app.run() == 0
    assert app.scenes.top.name == "menu"
    assert any("Continue" in m for m in app.messages)
    assert "kaboom" in (tmp_path / "harmonies-error.log").read_text(encoding="utf-8")
