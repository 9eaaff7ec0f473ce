"""Input as intents: the vocabulary (:mod:`.intents`), keys with modifiers (:mod:`.chords`), a pad's
buttons (:mod:`.buttons`) and the pads plugged in (:mod:`.pads`), the map file (:mod:`.mapfile`) and the
map a player plays with (:mod:`.keymap`)."""

from .buttons import DPAD, PAD_BACK, PAD_GONE, PAD_PRESS
from .chords import Chord, is_modifier, key_name, parse, press_chord
from .intents import ARROWS, HEX_STEPS, PICK, TAKE, Intent, hex_toward
from .keymap import NO_INTENTS, InputMap, default_map, is_press, player_map
from .mapfile import Binding, InputMapError, ListRow, read_map
from .pads import Pads

__all__ = ["ARROWS", "Binding", "Chord", "DPAD", "HEX_STEPS", "InputMap", "InputMapError", "Intent", "ListRow",
           "NO_INTENTS", "PAD_BACK", "PAD_GONE", "PAD_PRESS", "PICK", "Pads", "TAKE", "default_map", "hex_toward",
           "is_modifier", "is_press", "key_name", "parse", "player_map", "press_chord", "read_map"]
