"""The three computer levels. All share the planner; they differ in how far and how well they look.

- easy: one token at a time, the first idea that looks good, misjudges boards now and then
  (noise on its evaluation), sometimes grabs a space on impulse; never steers toward a face-up card.
- medium: a solid one-turn planner over tokens, card and cubes together with hand-set weights; it
  plays for this turn's board and cards, not for the end of the game or next turn's display.
- hard: a wider search with the tuned weights of weights.yaml, whose potential terms (growth of
  stacks, cards a few tokens away, river ends, how many turns remain) value the turns to come; its
  best few turns (even two that differ only in where a token goes) are then played forward on
  sampled pouches (lookahead.Lookahead), one of its own turns ahead at a table, two in solo, where the
  best 12 get three samples each and the best 6 and then 3 of those more (SOLO_STAGES); when all
  of them would fill its board, so end the game, a turn that leaves room for another is played
  forward too. At a table it expects another board to end the game at the pace that board has
  been filling (turn_root._turns_to_fill).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules import ChooseSpirit, Command, EndTurn, Game
from .evaluate import Weights, load_weights
from .finish import finish_turn
from .helper import Helper, shared_helper
from .lookahead import LeafValue, Lookahead
from .planner import Planner
from .turn_root import CandidateTurn, PlanOptions


class PlannerPlayer:
    """A seat played by a :class:`Planner`; subclasses choose the options and weights.

    It plans on an observer view of whatever game it is handed (``Game.observer_view``), so even a
    caller that hands it the real game does not show it the real order of what is face down, and
    plays its plan out on that copy, never on what it was handed.
    """

    kind = "planner"

    def __init__(self, seed: int = 0, weights: Weights | None = None, opts: PlanOptions | None = None) -> None:
        self.rng = random.Random(seed)
        self.planner = Planner(weights or Weights(), opts or PlanOptions(), self.rng)

    def next_commands(self, view: Game) -> list[Command]:
        """The rest of the turn: the whole turn planned (:meth:`turn_commands`) at its start, else
        what is left of it (:meth:`rest_of_turn`), finished plainly where the plan stops short."""
        if view.over:
            return []
        if view.turn_commands == 0 and not view.taken_tokens_this_turn:
            return self.turn_commands(view)
        trial = view.observer_view()
        start = len(trial.history)
        ended = False
        for cmd in self.rest_of_turn(trial):
            ended = trial.apply(cmd).ok and type(cmd) is EndTurn
            if ended:
                break
        if not ended:
            finish_turn(trial)
        return list(trial.history[start:])

    def turn_commands(self, game: Game) -> list[Command]:
        """The whole turn, as commands, planned on an observer view; ``game`` is untouched."""
        view = game.observer_view()
        start = len(view.history)
        self._play_view(view)
        return list(view.history[start:])

    def rest_planner(self, game: Game) -> Planner:
        """The planner of a turn already begun (one turn's search: the space is decided or nearly)."""
        return self.planner

    def rest_of_turn(self, game: Game) -> list[Command]:
        """What is left of a turn already begun: the tokens in hand (a space first if none was
        taken), a card if none was taken yet, cubes, EndTurn. Planned on an observer view of
        ``game``; only what the rules accept from here (e.g. no solo swap after a card was taken)."""
        game = game.observer_view()
        planner = self.rest_planner(game)
        taken = game.taken_tokens_this_turn
        cands = planner.hand_candidates(game) if taken else planner.candidates(game)
        if not cands:
            return []
        trial = game.clone()
        cmds = planner.commands(game, cands[0])[1 if taken else 0:]
        return [cmd for cmd in cmds if trial.apply(cmd).ok]

    def _play_view(self, game: Game) -> None:
        if game.over:
            return
        tried: list[CandidateTurn] = []
        choices = game.spirit_choices
        if choices:
            spirit, tried = self.choose_spirit(game, choices)
            game.apply(ChooseSpirit(spirit))
        plan = self.plan(game, tried)
        for cmd in self.planner.commands(game, plan):
            if not game.apply(cmd).ok:
                # A planning slip must never stall the game: finish the turn plainly.
                finish_turn(game)
                return

    def plan(self, game: Game, cands: list[CandidateTurn] | None = None) -> CandidateTurn:
        """The turn to play; ``cands``: this turn's candidates if already planned (on a spirit turn,
        by the trial that chose the spirit, so the turn is not planned twice)."""
        return cands[0] if cands else self.planner.plan(game)

    def choose_spirit(self, game: Game, choices: tuple[str, ...]) -> tuple[str, list[CandidateTurn]]:
        """The spirit whose first turn plans best (each tried on a copy), with that turn's candidates."""
        best, best_value, best_cands = choices[0], float("-inf"), []
        for sid in choices:
            trial = game.clone()
            trial.apply(ChooseSpirit(sid))
            cands = self.planner.candidates(trial)
            value = cands[0].value + self.spirit_bias(game, sid)
            if value > best_value:
                best, best_value, best_cands = sid, value, cands
        return best, best_cands

    def spirit_bias(self, game: Game, spirit_id: str) -> float:
        return 0.0


class EasyPlayer(PlannerPlayer):
    kind = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(
            seed,
            load_weights("easy"),
            PlanOptions(beam=1, finals=1, noise=2.5, look_at_display=False, max_cards=2, blunder=0.2),
        )

    def choose_spirit(self, game: Game, choices: tuple[str, ...]) -> tuple[str, list[CandidateTurn]]:
        return self.rng.choice(choices), []


class MediumPlayer(PlannerPlayer):
    kind = "medium"

    def __init__(self, seed: int = 0) -> None:
        # One turn at a time (weights.yaml: no value for turns left, potential counted fully to
        # the end) and blind to the face-up cards it is not taking: what sets hard apart is looking
        # further, so medium stays a step between easy and hard rather than a narrower hard.
        super().__init__(seed, load_weights("medium"), PlanOptions(beam=2, finals=2, look_at_display=False))


# The look-ahead's stages, (candidates kept, new samples for each) in turn (lookahead.Lookahead).
# Solo: the best 12 turns on three samples each, the best 6 of them on six more, the best 3 on nine
# more: 96 sample games a turn. The planner's best turn by many samples is nearly always among its
# first 8, so width past 12 buys little; samples pay, since on one sample two turns differ by
# about 3 points. The budget below stops the open boards' turns (the first four) before all their
# samples are played, so most samples go to the later turns. At a table, the best 4 on 3 samples.
# How the schedule was chosen, with its figures: docs/ai.md (scripts/tune --stages).
TABLE_STAGES = ((4, 3),)
SOLO_STAGES = ((12, 3), (6, 6), (3, 9))
# Board evaluations a turn's look-ahead may spend (Lookahead's budget), solo and at a table.
SOLO_BUDGET = 45000
TABLE_BUDGET = 12000
# How many times those samples and the budget the hard player spends (HardPlayer's ``scale``): what
# its turn time affords on the compiled build (docs/ai.md, "The budget curve").
SOLO_SCALE = 1
TABLE_SCALE = 1


class HardPlayer(PlannerPlayer):
    kind = "hard"
    # The scale of the look-ahead's samples and budget when none is given (per mode).
    solo_scale = SOLO_SCALE
    table_scale = TABLE_SCALE

    def __init__(self, seed: int = 0, weights: Weights | None = None, width: int | None = None,
                 samples: int | None = None, beam: int = 8, budget: int | None = None,
                 greedy_stand_in: bool = True, depth: int | None = None, helper: bool | Helper = True,
                 stages: Sequence[tuple[int, int]] | None = None, value: LeafValue | None = None,
                 scale: int | None = None) -> None:
        super().__init__(seed, weights or load_weights("hard"), PlanOptions(beam=beam, finals=beam))
        # A second process takes part of each turn's search where that helps (two cores, not inside
        # a pool worker); the play is the same with or without it. ``helper``: True for this
        # process's shared one, False for none, or a given one (the tests and the smoke test).
        shared = helper if isinstance(helper, Helper) else shared_helper() if helper else None
        # Solo and table games reward different things (no race to fill boards, no one taking
        # your space), so each has its own tuned weights; an explicit ``weights`` serves both.
        self.modes: dict[bool, tuple[Planner, Lookahead]] = {}
        for solo in (False, True):
            w = weights or load_weights("hard_solo" if solo else "hard")
            planner = Planner(w, PlanOptions(beam=beam, finals=beam), self.rng)
            planner.helper = shared
            # Solo looks two of my turns ahead: a quick greedy plays the first, the second is
            # valued; deeper would see more but costs more time than a turn may take. A table
            # looks one turn ahead with a 2-wide planner (docs/ai.md).
            fast = Planner(w, PlanOptions(beam=1, finals=1, look_at_display=False) if solo
                           else PlanOptions(beam=2, finals=2), self.rng)
            fast._evaluators = planner._evaluators  # share the mask caches
            stand: Planner | None = None
            if greedy_stand_in and not solo:
                stand = Planner(w, PlanOptions(beam=1, finals=1, look_at_display=False), self.rng)
                stand._evaluators = planner._evaluators
            # Board evaluations a turn's look-ahead may spend: it bounds the open boards' dear
            # turns (in solo, about the first four of each game stop short of SOLO_STAGES).
            cap = budget if budget is not None else (SOLO_BUDGET if solo else TABLE_BUDGET)
            # Solo turns are cheaper (3 spaces, 3 cards, no other seats), so they afford more: 96
            # sample games of 2 turns solo, 4 x 3 of 1 turn at a table.
            mine: Sequence[tuple[int, int]] = stages or (SOLO_STAGES if solo else TABLE_STAGES)
            if width is not None or samples is not None:
                # one stage: the best ``width`` turns on ``samples`` samples each
                mine = ((width or mine[0][0], samples if samples is not None else mine[0][1]),)
            # ``scale`` times the thinking: each stage's samples and the budget (the budget curve,
            # docs/ai.md); by default the level's own for the mode.
            times = scale if scale is not None else (self.solo_scale if solo else self.table_scale)
            mine = tuple((keep, count * times) for keep, count in mine)
            cap *= times
            lookahead = Lookahead(planner, fast, mine, self.rng, cap, stand, depth=depth or (2 if solo else 1),
                                  helper=shared)
            # Near the end, when every turn it picked fills the board, the look-ahead also tries the
            # best turn that leaves room for another, from a search this wide (rarely run: on
            # a few turns a game at most).
            room = Planner(w, PlanOptions(beam=40, finals=40), self.rng)
            room._evaluators = planner._evaluators
            room.helper = shared
            lookahead.room = room
            # A value of the sampled games' leaves (LeafValue; the shipped player passes none, the
            # tuning tools learned ones on solo games): tables keep the one-turn value.
            lookahead.value = value if solo else None
            self.modes[solo] = (planner, lookahead)

    def plan(self, game: Game, cands: list[CandidateTurn] | None = None) -> CandidateTurn:
        """Looks ahead from ``cands`` (the spirit trial's) or from freshly planned candidates."""
        self.planner, lookahead = self.modes[game.setup.solo]
        # The look-ahead plays forward the planner's best turns, near-copies included (they may
        # share a space and card and differ only in where the tokens go), by the mode's stages.
        return lookahead.plan(game, cands)

    def choose_spirit(self, game: Game, choices: tuple[str, ...]) -> tuple[str, list[CandidateTurn]]:
        self.planner = self.modes[game.setup.solo][0]
        return super().choose_spirit(game, choices)

    def rest_planner(self, game: Game) -> Planner:
        return self.modes[game.setup.solo][0]


__all__ = ["EasyPlayer", "HardPlayer", "MediumPlayer", "PlannerPlayer", "CandidateTurn", "finish_turn"]
