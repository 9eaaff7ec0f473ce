"""``harmonies daily [--date YYYY-MM-DD] [--json]``: a day's deal (seed, board side, spirits) and its par once known.

The par is read from the daily record of the data folder; the command never plays the par game
(the window works it out the first time the day is opened) and never writes anything. A bad date
(or, without ``--date``, a clock before the daily deal's first day) is one line on stderr and exit
status 1; a damaged record is one line on stderr, and the set-up is
printed without the par.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import date
from typing import TextIO

from harmonies.persist.daily import DailyRecords
from harmonies.persist.paths import resolve_dirs

from .daily import FIRST_DAY, deal_for, parse_day


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    daily = sub.add_parser("daily", parents=[common], help="the daily deal's set-up and, once known, its par")
    daily.add_argument("--date", metavar="YYYY-MM-DD", help="the day (default: today, by this computer's clock)")
    daily.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None,
        clock: Callable[[], date] = date.today) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        day = parse_day(args.date) if args.date is not None else clock()
    except ValueError as exc:
        print(f"harmonies daily: {exc}", file=err)
        return 1
    if day < FIRST_DAY:  # the clock is before the first daily day: there is no deal today
        print(f"harmonies daily: today is {day.isoformat()} by this computer's clock, before the daily deal's "
              f"first day ({FIRST_DAY.isoformat()}); give --date", file=err)
        return 1
    deal = deal_for(day)
    records = DailyRecords(resolve_dirs(args.data_dir).data)
    try:
        par = records.peek().day(deal.iso).par
    except (OSError, ValueError) as exc:
        print(f"harmonies daily: {records.path}: {exc}; the par is left out", file=err)
        par = None
    if args.json:
        print(json.dumps({**deal.to_json(), "par": par}), file=out)
        return 0
    print(f"Daily deal of {deal.iso}", file=out)
    print(f"seed {deal.seed}, board side {deal.side}, spirits {'on' if deal.spirits else 'off'}", file=out)
    print(f"par {par}" if par is not None else "par not known yet (it is worked out when the game opens the day)",
          file=out)
    return 0
