"""Measure the empty bands above and below a screenshot: the rows at the top and at the bottom that are one
colour right across. Prints one line per file; exits 1 if a band is wider than 2 % of the height."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame


def uniform(img: pygame.Surface, y: int) -> bool:
    first = img.get_at((0, y))
    return all(img.get_at((x, y)) == first for x in range(0, img.get_width(), 2))


def band(img: pygame.Surface, rows: range) -> int:
    n = 0
    for y in rows:
        if not uniform(img, y):
            break
        n += 1
    return n


def main(paths: list[str]) -> int:
    worst = 0.0
    for path in paths:
        img = pygame.image.load(path)
        h = img.get_height()
        top, bottom = band(img, range(h)), band(img, range(h - 1, -1, -1))
        share = max(top, bottom) / h
        worst = max(worst, share)
        print(f"{path}: {img.get_width()}x{h}, empty band above {top} px, below {bottom} px "
              f"({100 * share:.1f} % of the height)")
    return 1 if worst > 0.02 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
