"""The window's command-line options: parsed without pygame, so ``harmonies --help`` and the
command-line tools never load it."""

from __future__ import annotations

import argparse
from pathlib import Path

from .settings import parse_window


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="harmonies", description="Play Harmonies.")
    p.add_argument("--data-dir", type=Path, default=None, help="folder for saves and settings")
    p.add_argument("--cards", type=Path, default=None, help="a cards.yaml to play with")
    p.add_argument("--size", default=None, help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen")
    return p


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``--size`` as a window size, clamped like the size in the settings."""
    if not text:
        return None
    size = parse_window(text)
    if size is None:
        raise SystemExit(f"--size must look like 1280x720, not {text[:40]!r}")
    return size
