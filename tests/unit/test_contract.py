"""The contract (pyrules.contract.System), tested the same way over every system of the registry, and over a sixth
one that lives only in the tests (tests/coinflip: one package, one registry line): random legal play through
``legal_actions`` and ``chance``, replay determinism, the record's JSON round trip, the boundary never failing
internally, and exact odds against a Monte Carlo of the engine's own steps (as OpenSpiel's ``random_sim_test`` runs
over every game of its registry)."""

from __future__ import annotations

import json
import math
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from fuzzing import setups
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyrules import Fight, Outcome, RecordError, System, api, rng
from pyrules.fields import Reader
from pyrules.odds import MonteCarlo, TooLarge
from pyrules.systems import SYSTEMS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the coin-flip package
COIN_FLIP = "coin-flip"
KEYS = [*SYSTEMS, COIN_FLIP]


@pytest.fixture(autouse=True, scope="module")
def coin_flip_registered():
    """The sixth system, registered by one line, for this module's tests only."""
    SYSTEMS.add(COIN_FLIP, "coinflip:CoinFlip")
    yield
    SYSTEMS.remove(COIN_FLIP)


def setup_of(key: str) -> st.SearchStrategy[dict]:
    """The system's own examples and, for the kinds the fuzz knows, set-ups drawn field by field (fuzzing.setups)."""
    return setups(key)


# What the random play played, by system: the actions applied, and the kinds of action among them. Each registered
# system must have played (its examples are not all refused), and "evasion" is declared where an evasion was legal.
PLAYED: dict[str, int] = {}
KINDS_SEEN: dict[str, set[str]] = {}


def record_of(key: str, setup: dict, seed: int) -> dict:
    return {"format": "pyrules-fight", "version": 1, "system": key, **setup, "seed": seed, "actions": []}


def draws(state) -> int:
    return getattr(state, "draws", 0)


CONTRACT = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


def test_every_registered_system_keeps_the_contract():
    for key in KEYS:
        system = SYSTEMS[key]
        assert issubclass(system, System) and system.key == key and not getattr(system, "__abstractmethods__", None)
        assert system.describe()["kind"] == system.kind
        assert set(system.rule_labels) <= set(system.describe().get("rule_labels", system.rule_labels))


@pytest.mark.parametrize("key", KEYS)
def test_a_system_tells_itself_once(key):
    """hello's description of a system is the contract's (describe() and the declared parts); the page's leaves out
    exactly what the system declares unread, each of which it tells."""
    system = SYSTEMS[key]
    told = system.description()
    hello = json.loads(api.call(json.dumps({"op": "hello", "describe": True})))
    assert hello["systems"][key] == json.loads(json.dumps(told))
    assert {"kind", "book", "named_hero", "capabilities", "main_stat", "note", "odds_options"} <= set(told)
    page = system.description(page=True)
    for path in system.unread:
        *inside, name = path.split(".")
        whole, shown = told, page
        for part in inside:
            whole, shown = whole[part], shown[part]
        assert name in whole and name not in shown, path
    assert system.unread or page == told  # nothing else is left out


@pytest.mark.parametrize("key", KEYS)
@CONTRACT
@given(data=st.data())
def test_random_legal_play_keeps_the_contract(key, data):
    """Pick a legal action, let chance resolve it one outcome at a time, step it: never refused, never an internal
    error, probabilities that sum to 1, resolved actions that draw nothing; then the record replays to the same
    states and round-trips through JSON, and the boundary plays it the same."""
    system = SYSTEMS[key]
    setup_data = data.draw(setup_of(key), label="setup")
    PLAYED.setdefault(key, 0)
    record = record_of(key, setup_data, data.draw(st.integers(0, rng.MAX_SEED), label="seed"))
    try:
        fight = Fight.from_record(record)
    except RecordError:
        return  # a set-up the rules refuse, with a message: the fuzz tests check those
    for _ in range(data.draw(st.integers(1, 40), label="actions")):
        legal = system.legal_actions(fight.setup, fight.state)
        KINDS_SEEN.setdefault(key, set()).update(system.action_json(a)["do"] for a in legal)
        if not legal:
            assert system.outcome(fight.state) != Outcome.ONGOING
            break
        action = data.draw(st.sampled_from(legal), label="action")
        while True:
            outcomes = system.chance(fight.setup, fight.state, action)
            assert all(p > 0 for p, _ in outcomes) and sum(Fraction(p) for p, _ in outcomes) == 1
            if len(outcomes) == 1:
                assert outcomes[0][1] == action
                break
            action = data.draw(st.sampled_from([a for _, a in outcomes]), label="chance")
        before = draws(fight.state)
        fight.apply(system.action_json(action))  # a legal action, its random part resolved: never refused
        PLAYED[key] += 1
        assert draws(fight.state) == before  # a resolved action draws nothing from the seed
        assert isinstance(system.outcome(fight.state), Outcome)
    recorded = fight.record()
    assert json.loads(json.dumps(recorded)) == recorded
    again = Fight.from_record(json.loads(json.dumps(recorded)))
    assert again.states == fight.states and again.log == fight.log and again.record() == recorded
    assert system.parse_setup(system.setup_json(fight.setup)) == fight.setup
    reply = json.loads(api.call(json.dumps({"op": "start", "record": recorded})))
    assert reply["ok"] and reply["log"] == json.loads(json.dumps([fight.told(event) for event in fight.log]))
    summary = reply["summary"]
    assert {"book", "hero", "enemies", "rounds", "outcome", "stats"} <= set(summary)
    assert all(isinstance(label, str) for label, _ in summary["stats"])


def kinds_legal_in_examples(key: str, seeds: range = range(3), rounds: int = 60) -> set[str]:
    """The kinds of action legal anywhere in the system's examples, each played from a few seeds by always taking its
    first legal action other than an evasion (which would end it), every chance resolved by the seed: the same set
    on every run, so that a declared capability is shown by the examples, not by the luck of a random draw."""
    system = SYSTEMS[key]
    kinds: set[str] = set()
    for use, example in sorted(system.examples.items()):
        if use == "large":
            continue
        for seed in seeds:
            fight = Fight.from_record(record_of(key, example, seed))
            for _ in range(rounds):
                legal = [system.action_json(a) for a in system.legal_actions(fight.setup, fight.state)]
                kinds.update(action["do"] for action in legal)
                playable = [action for action in legal if action["do"] != "evade"]
                if not playable:
                    break
                fight.apply(playable[0])
    return kinds


@pytest.mark.parametrize("key", KEYS)
def test_every_system_played_its_examples_and_declares_what_it_can_do(key):
    """After the random play above (pytest keeps the file's order): each system played actions from its set-ups,
    an evasion is legal in its examples exactly where the system declares "evasion" (and never in the random play
    of a system that does not), and "roll_hero" is declared exactly
    where the book's creation rules answer."""
    system = SYSTEMS[key]
    assert {"small", "typical"} <= set(system.examples)
    assert system.capabilities <= {"exact_odds", "roll_hero", "evasion", "review"}
    for example in system.examples.values():
        Fight.from_record(record_of(key, example, 1))  # each example is a fight the rules accept
    if key not in PLAYED:  # the random play ran on another worker (pytest-xdist splits the file): played here
        test_random_legal_play_keeps_the_contract(key)
    assert PLAYED.get(key, 0) > 100, PLAYED
    assert system.main_stat in system.labels()  # the odds chart's statistic, labelled in the book's words
    shown = kinds_legal_in_examples(key)
    assert ("evade" in shown) == ("evasion" in system.capabilities), shown
    assert "evade" not in KINDS_SEEN[key] or "evasion" in system.capabilities, KINDS_SEEN[key]
    try:
        system.roll_hero(5, Reader({}, "numbers", lenient=True))
        rolls = True
    except RecordError:
        rolls = False
    assert rolls == ("roll_hero" in system.capabilities)
    first = Fight.from_record(record_of(key, system.examples["typical"], 1))
    # reviewed exactly where review_values answers, and by simulation where the book has no exact odds
    exactly = system.review_values(first.setup, first.state, {}) is not None
    assert ("review" in system.capabilities) == (exactly or "exact_odds" not in system.capabilities)
    assert not exactly or "exact_odds" in system.capabilities


@pytest.mark.parametrize("key", KEYS)
def test_exact_odds_agree_with_a_monte_carlo_of_the_engine(key):
    """The system's small example: the odds' chance to win playing as the simulation does (``win_plain``, or
    ``win``) against a Monte Carlo of the engine's own steps; a system without "exact_odds" is refused as too large
    (the page simulates)."""
    system = SYSTEMS[key]
    fight = Fight.from_record(record_of(key, system.examples["small"], 3))
    if "exact_odds" not in system.capabilities:
        with pytest.raises(TooLarge):
            system.exact_odds(fight, {})
        return
    reply = system.exact_odds(fight, {"spend": 1})
    exact = reply.get("win_plain", reply["win"])
    n = 4000
    estimate = MonteCarlo(system, fight.setup, fight.state).run(n)
    error = math.sqrt(exact * (1 - exact) / n)
    assert 0.02 < exact < 0.98, "a fight whose outcome is in doubt"
    assert abs(estimate["win"] - exact) < 4 * error + 1e-9, (estimate, exact)
