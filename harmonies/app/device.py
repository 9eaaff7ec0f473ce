"""Which machine the game runs on, for the defaults that suit its screen: a Steam Deck (Valve's Linux
handheld, 1280x800) is told by the variable Steam sets in the environment of the games it starts, or by
the board its firmware names (``/sys/devices/virtual/dmi/id``), so a game started outside Steam knows it too."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

#: Where Linux shows what the firmware says about the machine (its DMI table).
DMI_FOLDER = Path("/sys/devices/virtual/dmi/id")
#: The maker and the boards of the Steam Deck: the first model (LCD) and the OLED one.
DECK_VENDOR = "Valve"
DECK_BOARDS = frozenset({"Jupiter", "Galileo"})


def is_steam_deck(environ: Mapping[str, str] | None = None, dmi: Path | None = None) -> bool:
    """Whether this is a Steam Deck: ``SteamDeck=1`` in the environment, or a DMI table naming Valve's
    Jupiter or Galileo board. A machine without a DMI table (not Linux, a container) is no Deck."""
    env = os.environ if environ is None else environ
    if env.get("SteamDeck", "").strip() == "1":
        return True
    folder = DMI_FOLDER if dmi is None else dmi
    vendor = _read(folder / "board_vendor") or _read(folder / "sys_vendor")
    board = {_read(folder / "board_name"), _read(folder / "product_name")}
    return vendor == DECK_VENDOR and bool(board & DECK_BOARDS)


def _read(path: Path) -> str:
    """The first line of a DMI entry, or "" if it cannot be read."""
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            return fh.readline(200).strip()
    except OSError:
        return ""
