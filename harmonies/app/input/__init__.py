"""Input as intents: the vocabulary (:mod:`.intents`), keys with modifiers (:mod:`.chords`), the map file
(:mod:`.mapfile`) and the map a player plays with (:mod:`.keymap`)."""

from .chords import Chord, is_modifier, key_name, parse, press_chord
from .intents import ARROWS, HEX_STEPS, PICK, TAKE, Intent
from .keymap import NO_INTENTS, InputMap, default_map, player_map
from .mapfile import Binding, InputMapError, ListRow, read_map

__all__ = ["ARROWS", "Binding", "Chord", "HEX_STEPS", "InputMap", "InputMapError", "Intent", "ListRow", "NO_INTENTS",
           "PICK", "TAKE", "default_map", "is_modifier", "key_name", "parse", "player_map", "press_chord", "read_map"]
