"""A sixth rule system that lives only in the tests: a coin-flip duel. It is the proof that a new kind of system is
one package (this one), one registry line (``SYSTEMS.add("coin-flip", "coinflip:CoinFlip")``, or a line of
``pyrules.systems.REGISTRY``) and one screen module (``screen.js`` beside this file, as
``web/screens/screen-coinflip.js``): the contract test plays it like every other system, and a browser test builds a
site with it and plays it.

The rules: the hero and the enemy each have LIVES (1-9). Each round a coin is flipped: heads, the enemy loses a life;
tails, the hero does. The hero may yield instead (lost). A fight to the last life.

>>> setup = CoinFlip.parse_setup({"hero": {"lives": 2}, "enemies": [{"name": "Sir Toss", "lives": 1}]})
>>> state, event = CoinFlip.step(setup, CoinFlip.initial(setup), Flip("flip", "heads"))
>>> state, event["coin"]
(Duel(hero=2, enemy=0, rounds=1, draws=0, outcome='won'), 'heads')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from pyrules import rng
from pyrules.contract import Outcome, Policy, System, advice, odds_reply
from pyrules.fields import Reader, RecordError
from pyrules.i18n import tr

if TYPE_CHECKING:
    from pyrules.contract import OddsReply

SIDES = ("heads", "tails")


@dataclass(frozen=True)
class Setup:
    hero: int
    enemy: int
    enemy_name: str
    seed: int = 0


@dataclass(frozen=True)
class Duel:
    hero: int
    enemy: int
    rounds: int = 0
    draws: int = 0
    outcome: Outcome = Outcome.ONGOING


@dataclass(frozen=True)
class Flip:
    do: str  # "flip" | "yield"
    coin: str | None = None  # typed, or None: drawn from the seed


class CoinFlip(System):
    key: ClassVar[str] = "coin-flip"
    kind: ClassVar[str] = "coinflip"
    book: ClassVar[str] = "Coin-flip duel"
    hero_name: ClassVar[str] = "Hero"
    rule_labels: ClassVar[dict[str, str]] = {}
    capabilities: ClassVar[frozenset[str]] = frozenset({"exact_odds"})
    main_stat: ClassVar[str] = "lives"
    examples: ClassVar[dict[str, dict]] = {
        "small": {"hero": {"lives": 3}, "enemies": [{"lives": 4}]},
        "typical": {"hero": {"lives": 5}, "enemies": [{"name": "Sir Toss", "lives": 5}]},
    }

    @classmethod
    def labels(cls) -> dict[str, str]:
        return {"lives": "LIVES"}

    @classmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> Setup:
        hero = Reader(data.get("hero"), "hero", cls.labels(), lenient)
        lives = hero.integer("lives", low=1, high=9)
        hero.done()
        enemies = Reader(data, "", lenient=lenient).items("enemies", low=1, high=1)
        enemy = Reader(enemies[0], "enemies[0]", {"name": "Enemy name", "lives": "LIVES"}, lenient)
        setup = Setup(lives, enemy.integer("lives", low=1, high=9), enemy.text("name", default="Enemy"))
        enemy.done()
        Reader(data.get("rules", {}), "rules", lenient=lenient).done()
        seed = Reader(data, "", lenient=lenient).integer("seed", low=0, high=rng.MAX_SEED, default=0)
        return replace(setup, seed=seed)

    @classmethod
    def setup_json(cls, setup: Setup) -> dict:
        return {"hero": {"lives": setup.hero}, "enemies": [{"name": setup.enemy_name, "lives": setup.enemy}],
                "rules": {}, "seed": setup.seed}  # fmt: skip

    @classmethod
    def read_hero(cls, data: Any, lenient: bool = False) -> dict:
        hero = Reader(data, "hero", cls.labels(), lenient)
        lives = hero.integer("lives", low=0, high=9)
        hero.done()
        return {"lives": lives}

    @classmethod
    def hero_after(cls, setup: Setup, state: Duel) -> dict:
        return {"lives": state.hero}

    @classmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> Flip:
        r = Reader(data, f"actions[{index}]", {"do": "Action", "coin": "Coin"}, lenient)
        do = r.choice("do", {"flip": "Flip the coin", "yield": "Yield"})
        coin = r.choice("coin", dict.fromkeys(SIDES), default=None) if do == "flip" else None
        r.done()
        return Flip(do, coin)

    @classmethod
    def action_json(cls, action: Flip) -> dict:
        return {"do": action.do} if action.coin is None else {"do": action.do, "coin": action.coin}

    @classmethod
    def initial(cls, setup: Setup) -> Duel:
        return Duel(setup.hero, setup.enemy)

    @classmethod
    def legal_actions(cls, setup: Setup, state: Duel) -> list[Flip]:
        return [Flip("flip"), Flip("yield")] if state.outcome == Outcome.ONGOING else []

    @classmethod
    def step(cls, setup: Setup, state: Duel, action: Flip, path: str = "action") -> tuple[Duel, dict]:
        if state.outcome != Outcome.ONGOING:
            raise RecordError(path, tr("the fight is over ({outcome})", outcome=tr(state.outcome)))
        if action.do == "yield":
            return replace(state, outcome=Outcome.LOST), {"kind": "yield", "outcome": Outcome.LOST}
        coin, draws = action.coin, state.draws
        if coin is None:
            coin, draws = SIDES[rng.die(setup.seed, draws) % 2], draws + 1
        hero, enemy = (state.hero, state.enemy - 1) if coin == "heads" else (state.hero - 1, state.enemy)
        outcome = Outcome.WON if enemy == 0 else Outcome.LOST if hero == 0 else Outcome.ONGOING
        new = Duel(hero, enemy, state.rounds + 1, draws, outcome)
        event = {"kind": "flip", "round": new.rounds, "coin": coin, "typed": action.coin is not None,
                 "hero": hero, "enemy": enemy, "outcome": outcome}  # fmt: skip
        return new, event

    @classmethod
    def chance(cls, setup: Setup, state: Duel, action: Flip) -> list[tuple[Fraction, Flip]]:
        if action.do != "flip" or action.coin is not None:
            return [(Fraction(1), action)]
        return [(Fraction(1, 2), replace(action, coin=side)) for side in SIDES]

    @classmethod
    def outcome(cls, state: Duel) -> Outcome:
        return state.outcome

    @classmethod
    def view(cls, setup: Setup, state: Duel) -> dict:
        return {"outcome": state.outcome, "rounds": state.rounds, "hero": {"lives": state.hero},
                "enemies": [{"name": setup.enemy_name, "lives": state.enemy}], "next_draw": state.draws}  # fmt: skip

    @classmethod
    def summary(cls, setup: Setup, state: Duel) -> dict:
        return {"book": tr(cls.book), "hero": tr(cls.hero_name), "enemies": [setup.enemy_name],
                "rounds": state.rounds, "outcome": state.outcome, "stats": [[tr("LIVES"), state.hero]]}  # fmt: skip

    @classmethod
    def result(cls, setup: Setup, state: Duel) -> dict:
        return {"outcome": state.outcome, "rounds": state.rounds, "hero": {"lives": state.hero},
                "enemies": [{"name": setup.enemy_name, "lives": state.enemy}]}  # fmt: skip

    @classmethod
    def describe(cls) -> dict:
        words = {"enemy_name": "Enemy name", "enemy_lives": "Enemy LIVES", "coin": "Coin (heads or tails)",
                 "flip": "Flip the coin", "yield": "Yield", "won": "The enemy has no life left: you win.",
                 "lost": "You have lost the duel."}  # fmt: skip
        return {"kind": cls.kind, "book": tr(cls.book), "hero": tr(cls.hero_name),
                "labels": {k: tr(v) for k, v in cls.labels().items()}, "rule_labels": {},
                "words": {k: tr(v) for k, v in words.items()}}  # fmt: skip

    @classmethod
    def simulation_policy(cls, options: Mapping[str, Any] | None = None) -> Policy:
        return lambda system, setup, state, counter: Flip("flip")

    @classmethod
    def exact_odds(cls, fight: Any, options: dict) -> OddsReply:
        """Fought to the end by flipping: the engine's own chance and step, enumerated (a duel is a tiny chain)."""
        memo: dict[Duel, Fraction] = {}

        def win(state: Duel) -> Fraction:
            if state.outcome != Outcome.ONGOING:
                return Fraction(state.outcome == Outcome.WON)
            if state not in memo:
                memo[state] = sum(
                    (p * win(replace(cls.step(fight.setup, state, flip)[0], draws=0)))
                    for p, flip in cls.chance(fight.setup, state, Flip("flip"))
                )
            return memo[state]

        chance = float(win(replace(fight.state, draws=0)))
        words = advice(tr("Flip the coin: {win} to win.", win="{win}"), {"do": "flip"}, win=chance)
        return odds_reply(chance, 1 - chance, 0.0, 0.0, None, cls.main_stat, [], [words], {"win_plain": chance})
