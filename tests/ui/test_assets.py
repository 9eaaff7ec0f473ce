"""Catalogue, font and palette checks, and one offscreen frame of every scene."""

from __future__ import annotations

import re
from pathlib import Path

import pygame.freetype
import pytest
import yaml

from harmonies.app.assets import asset
from harmonies.catalogue import Catalogue
from harmonies.app.theme import Theme

ROOT = Path(__file__).resolve().parents[2]


def _strings() -> dict[str, object]:
    return Catalogue.load("en").strings


def test_every_catalogue_string_has_its_glyphs_in_the_bundled_font() -> None:
    pygame.freetype.init()
    theme = Theme.load()
    texts: list[str] = []
    for value in _strings().values():
        if isinstance(value, dict):
            texts += [str(v) for v in value.values()]
        elif isinstance(value, list):
            texts += [str(x) for item in value for x in (item.values() if isinstance(item, dict) else [item])]
        else:
            texts.append(str(value))
    texts += ["Éléphant «Œuvre» ¿Dónde está? città, perché", "山、森、川、畑、建物。動物カードを取る。", "● ▲ ■ ◆ ★ ⇄ · × …"]
    texts += [s.mark for s in theme.seats]
    for kind in ("regular", "bold"):
        font = pygame.freetype.Font(str(asset(theme.font_files[kind].removeprefix("assets/"))), 16)
        for text in texts:
            missing = [ch for ch, m in zip(text, font.get_metrics(text)) if m is None and not ch.isspace()]
            assert not missing, f"{kind} font lacks {missing} for {text!r}"


def test_every_key_the_app_uses_is_in_the_catalogue() -> None:
    strings = _strings()
    used: set[str] = set()
    pattern = re.compile(r"""\bt\(\s*["']([a-z_]+\.[a-z_.]+)["']""")
    for path in (ROOT / "harmonies" / "app").rglob("*.py"):
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in strings)
    assert not missing, f"keys missing from en.yaml: {missing}"


def test_catalogue_has_a_name_for_every_card() -> None:
    from harmonies.rules import default_cards

    strings = _strings()
    cards = default_cards()
    assert all(f"animal.{a.id}" in strings for a in cards.animals)
    assert all(f"spirit.{s.id}" in strings and f"spirit_rule.{s.id}" in strings for s in cards.spirits)


def test_catalogue_yaml_has_no_boolean_keys() -> None:
    # YAML 1.1 reads keys such as on/off/yes/no as booleans, which t() could never find
    data = yaml.safe_load(asset("locales/en.yaml").read_text(encoding="utf-8"))

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                assert isinstance(k, str), f"non-text key {k!r}"
                walk(v)

    walk(data)


# Colour-vision deficiency simulation (Machado, Oliveira & Fernandes 2009, severity 1.0),
# applied in linear RGB; distances are CIE76 Delta E in CIELAB (D65).
_CVD = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lab(c: pygame.Color, m: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    rgb = [lin(c.r), lin(c.g), lin(c.b)]
    r, g, b = (max(0.0, min(1.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def test_token_colours_stay_apart_for_colour_blind_players() -> None:
    theme = Theme.load()
    fills = {n: theme.tokens[n].fill for n in theme.tokens}
    names = list(fills)
    for kind, m in _CVD.items():
        labs = {n: _lab(fills[n], m) for n in names}
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                d = sum((p - q) ** 2 for p, q in zip(labs[a], labs[b])) ** 0.5
                assert d >= 12, f"{a} and {b} are too close under {kind} vision (Delta E {d:.1f})"


@pytest.mark.slow
def test_render_every_scene_offscreen() -> None:
    from harmonies.app.smoke import render_every_scene

    names = render_every_scene((1280, 720))
    assert {"menu", "setup", "settings", "howto", "play", "pause", "handover", "scoring"} <= set(names)
