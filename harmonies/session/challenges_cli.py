"""``harmonies challenges``: the solo challenges and the progress kept in the data folder, or ``--check FILE``
to check a challenges file (one line naming the file, the line and the fault, and exit status 1).

It only reads: a damaged progress file is named in one line and left where it is, for the game to set
aside (the game may have the data folder open)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from harmonies.catalogue import english
from harmonies.persist.challenges import Progress, read_progress
from harmonies.persist.paths import Dirs

from .challenges import unlocked
from .challenges_file import ChallengeList, ChallengesError, challenges_path, load_challenges
from .challenges_text import goal_lines


def run(dirs: Dirs, check: Path | None, as_json: bool) -> int:
    """Print the challenges (or check ``check``); 0 when all is well, 1 for a broken file."""
    path = check if check is not None else challenges_path()
    try:
        challenges = load_challenges(path)
    except ChallengesError as exc:
        print(f"harmonies challenges: {exc}", file=sys.stderr)
        return 1
    if check is not None:
        print(f"{path}: {len(challenges)} challenges, every one well formed")
        return 0
    progress, problem = read_progress(dirs, set_damaged_aside=False)  # a read-only command moves nothing
    if problem is not None:
        print(f"harmonies challenges: {problem}", file=sys.stderr)
    rows = _rows(challenges, progress)
    if as_json:
        print(json.dumps({"challenges": rows}, ensure_ascii=False))
        return 0
    for row in rows:
        best = "" if row["best"] is None else f", best {row['best']}"
        print(f"{row['number']:>2}. {row['name']} [{row['state']}{best}]: {'; '.join(row['goal'])}")
    return 0


def _rows(challenges: ChallengeList, progress: Progress) -> list[dict[str, Any]]:
    cat = english()
    done = progress.done_count([c.id for c in challenges])
    rows: list[dict[str, Any]] = []
    for c in challenges:
        result = progress.of(c.id)
        state = "met" if result.done else "open" if unlocked(c.number, done, challenges.open_ahead) else "locked"
        rows.append({"number": c.number, "id": c.id, "name": cat.t(c.name_key), "state": state,
                     "best": result.best, "played": result.played,
                     "seed": c.seed, "side": c.side, "spirits": c.spirits, "goal": goal_lines(cat, c)})
    return rows
