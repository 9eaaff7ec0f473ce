"""Draw the app's icon with pygame: a hex of the personal board holding a tree (a green token on a
brown one), in the token colours of assets/theme.yaml.

Run through ``scripts/make_icon``; writes into assets/ (or ``--out DIR``):

- ``icon.png``: 256x256 with transparency, for the window (``pygame.display.set_icon``) and the
  Linux menu (the ``.desktop`` file's icon);
- ``icon.ico`` and ``icon.icns``: the same PNG wrapped in the Windows and macOS icon formats, which
  PyInstaller's spec gives the executable there (both formats may hold PNG data as it is, so no
  image library beyond pygame is needed).

The drawing is made at four times the size and scaled down smoothly, which gives soft edges.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import yaml

ROOT = Path(__file__).resolve().parents[1]
SIZE = 256
SCALE = 4  # drawn at SIZE * SCALE, then scaled down


def token_colours() -> dict[str, tuple[str, str]]:
    """Fill and edge of each token colour, from the theme the game draws its tokens with."""
    theme = yaml.safe_load((ROOT / "assets" / "theme.yaml").read_text(encoding="utf-8"))
    return {name: (style["fill"], style["edge"]) for name, style in theme["tokens"].items()}


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A hex with a flat top, as the board's cells are drawn."""
    return [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6)]


def token(surf: pygame.Surface, cx: float, top: float, w: float, h: float, fill: str, edge: str) -> None:
    """A round token seen from the side and a little above: a cylinder of height ``h``."""
    rim = w * 0.28
    line = max(2, round(w / 28))
    body = pygame.Rect(0, 0, round(w), round(h))
    body.midtop = (round(cx), round(top + rim / 2))
    bottom = pygame.Rect(0, 0, round(w), round(rim))
    bottom.center = (round(cx), body.bottom)
    lid = pygame.Rect(0, 0, round(w), round(rim))
    lid.center = (round(cx), body.top)
    pygame.draw.ellipse(surf, edge, bottom)
    pygame.draw.rect(surf, edge, body)
    inner = body.inflate(-2 * line, 0)
    pygame.draw.rect(surf, fill, inner)
    pygame.draw.ellipse(surf, fill, bottom.inflate(-2 * line, -2 * line))
    pygame.draw.ellipse(surf, pygame.Color(fill).lerp("white", 0.18), lid)
    pygame.draw.ellipse(surf, edge, lid, line)


def draw_icon() -> pygame.Surface:
    """The icon, SIZE x SIZE with an alpha channel."""
    big = SIZE * SCALE
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    colours = token_colours()
    c = big / 2
    pygame.draw.polygon(surf, "#5B4A32", hexagon(c, c, big * 0.49))      # the cell's rim
    pygame.draw.polygon(surf, "#EFE6CF", hexagon(c, c, big * 0.445))     # the board's paper
    pygame.draw.polygon(surf, "#DDD0B0", hexagon(c, c * 1.04, big * 0.36))  # a shadow under the stack
    w = big * 0.46
    token(surf, c, big * 0.52, w, big * 0.16, *colours["brown"])   # the trunk, below
    token(surf, c, big * 0.30, w, big * 0.16, *colours["green"])   # the leaves, on top
    return pygame.transform.smoothscale(surf, (SIZE, SIZE))


def png_bytes(surf: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surf, out, "icon.png")
    return out.getvalue()


def ico_bytes(png: bytes) -> bytes:
    """An .ico holding one 256x256 image as PNG (Windows Vista and later read it; 0 means 256)."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


def icns_bytes(png: bytes) -> bytes:
    """An .icns holding one 256x256 PNG (type ``ic08``, read by macOS 10.5 and later)."""
    chunk = b"ic08" + struct.pack(">I", 8 + len(png)) + png
    return b"icns" + struct.pack(">I", 8 + len(chunk)) + chunk


def write_icons(folder: Path) -> list[Path]:
    """Draw the icon and write its three files into ``folder``; returns their paths."""
    pygame.display.init()  # smoothscale and PNG saving want SDL's video part (the dummy driver will do)
    try:
        png = png_bytes(draw_icon())
    finally:
        pygame.display.quit()
    folder.mkdir(parents=True, exist_ok=True)
    files = {"icon.png": png, "icon.ico": ico_bytes(png), "icon.icns": icns_bytes(png)}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return [folder / name for name in files]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets", help="folder to write into (default: assets/)")
    args = parser.parse_args(argv)
    for path in write_icons(args.out):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
