"""Strategies for fuzzing the boundary (hypothesis): plausible records of every system, played for a few actions,
their mutations, plausible actions, hostile JSON values (wrong types, huge numbers, deep nesting, unicode, lone
surrogates) and hostile catalogs of the rules' texts. Shared by test_fuzz_api.py and test_share.py."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import strategies as st

from pyrules import Fight, RecordError, i18n, odds, params, rng
from pyrules.systems import SYSTEMS
from pyrules.systems.citadel.record import HEROES, MONSTERS, WEAPON_LABELS
from pyrules.systems.fighting_fantasy.record import SPELLS

SYSTEM_KEYS = sorted(SYSTEMS)


def kind(system: str) -> str:
    return SYSTEMS[system].kind

# ---- hostile values ---------------------------------------------------------------------------------------------

any_text = st.text(st.characters(exclude_categories=()), max_size=12)  # lone surrogates, controls, RTL marks …
odd_strings = st.sampled_from(
    ["", " ", "\ud800", "a\udfffb", "\u202e", "\x00", "−3", "1e3", "0x10", "٣", "15 ", "x" * 70, "[[[[", "{}",
     "--5", "+-1", "++2", "-+0", "1e10000000", "1e-99999999", "9" * 5000, "0." + "5" * 60, "1/0", "½"]
)  # fmt: skip (signs doubled, huge exponents, long digit strings: refused by their shape before any conversion)
huge_numbers = st.sampled_from(
    [-1, 2**31, 2**53 + 1, -(2**63), 10**30, 10**4299, 1e308, -0.0, 0.5, 1.0, 2.5e-300, float("nan"), float("inf")]
)
scalars = st.none() | st.booleans() | st.integers(-30, 60) | huge_numbers | any_text | odd_strings
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4), max_leaves=12
)


def nested(depth: int) -> Any:
    value: Any = 1
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


deep = st.integers(28, 40).map(nested)  # around the 32 levels a request may have
hostile = st.one_of(json_values, json_values, json_values, deep)


# ---- plausible records ------------------------------------------------------------------------------------------


def small(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


def optional(**fields: st.SearchStrategy) -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries({}, optional=fields)


names = st.sampled_from(["Giak", "Гоблин", "Orc 2", "Crimson Lord", "A" * 60]) | any_text

# Values of a per-fight rule by its declaration's kind (pyrules.params): whole numbers near the plain case, within
# the rule's bounds (a fight stays short), and multipliers as the page or a hostile record types them.
MULTIPLIERS = [0, 0.5, 1, 2, 3, "1.5", "0.5", "1/2", "1e10000000", "--1", "9" * 400, "1e-99999999"]


def rule_values(param: params.Param) -> st.SearchStrategy:
    if param.kind == params.FLAG:
        return st.booleans()
    if param.kind == params.MULTIPLIER:
        return st.sampled_from(MULTIPLIERS)
    if param.kind == params.CHOICE:
        return st.sampled_from(param.choices)
    low = max(param.low, -5)
    return st.integers(low, min(param.high, max(low, 0) + 6))


@st.composite
def rules_of(draw, system: str) -> dict:
    """A system's per-fight rules, from its declarations: each rule that applies only where a record names it (an
    evasion, an end: no default) half the time, the others one time in eight (the checks across rules, such as one
    way of restoring ENDURANCE, refuse some)."""
    rules = {}
    for param in SYSTEMS[system].rule_params():
        if draw(st.integers(0, 7)) < (4 if param.default is None else 1):
            rules[param.key] = draw(rule_values(param))
    return rules


@st.composite
def lone_wolf_setup(draw, system: str) -> dict:
    cls = SYSTEMS[system]
    hero = {"skill": draw(small(0, 40)), "endurance": draw(small(1, 25))}
    hero.update(draw(optional(weapon=st.sampled_from(sorted(cls.weapons)), name=names)))
    if cls.has_willpower:
        hero["willpower"] = draw(small(0, 8))
    if draw(st.booleans()):
        hero["modifiers"] = [{"name": draw(names), "skill": draw(small(-5, 5))}]
    enemies = [
        {"skill": draw(small(0, 40)), "endurance": draw(small(1, 25)), **draw(optional(name=names))}
        for _ in range(draw(small(1, 3)))
    ]
    return {"hero": hero, "enemies": enemies, "rules": draw(rules_of(system))}


@st.composite
def fighting_fantasy_setup(draw) -> dict:
    hero = {"skill": draw(small(0, 12)), "stamina": draw(small(1, 20)), "luck": draw(small(0, 12))}
    hero.update(
        draw(
            optional(
                gold=small(0, 30) | st.just(999_999),  # the sheet's limit: a fight must leave a hero within it
                max_stamina=small(20, 30) | st.just(999),
                food=small(0, 2),
                flask=small(0, 2),
                backpack=st.lists(names, max_size=3),
                spells=st.dictionaries(st.sampled_from(sorted(SPELLS)), small(0, 2), max_size=3),
                name=names,
            )
        )
    )
    enemies = [
        {"skill": draw(small(0, 12)), "stamina": draw(small(1, 8)), **draw(optional(name=names))}
        for _ in range(draw(small(0, 3)))
    ]
    return {"hero": hero, "enemies": enemies, "rules": draw(rules_of("fighting-fantasy"))}


weapons = st.sampled_from(sorted(WEAPON_LABELS))


@st.composite
def citadel_setup(draw) -> dict:
    party = []
    for _ in range(draw(small(1, 3))):
        if draw(st.booleans()):
            party.append({"hero": draw(st.sampled_from(sorted(HEROES)))})
            continue
        character = {
            "wound_points": draw(small(1, 8)),
            "resistance": draw(small(0, 5)),
            "combat_bonus": draw(small(-2, 3)),
            "weapons": draw(st.lists(weapons, min_size=1, max_size=2)),
        }
        character.update(draw(optional(name=names, skills=st.dictionaries(weapons, small(-2, 3), max_size=2))))
        party.append(character)
    monsters = []
    for _ in range(draw(small(1, 4))):
        if draw(st.booleans()):
            monsters.append({"monster": draw(st.sampled_from(sorted(MONSTERS)))})
        else:
            monster = {"wound_points": draw(small(1, 8)), "resistance": draw(small(0, 5)), "combat_bonus": 0}
            monster.update(draw(optional(name=names, weapon=weapons)))
            monsters.append(monster)
    setup = {"hero": {"party": party}, "enemies": monsters, "rules": draw(rules_of("citadel-of-blood"))}
    if draw(st.integers(0, 4)) == 0:
        setup["tables"] = {"blast": {"blasts": draw(small(0, 3)), "wounds": draw(small(0, 4))}}
    return setup


BENCHMARK_ONLY = ("large",)  # the examples the odds' benchmark times (pyrules.contract.System.examples)


def setups(system: str) -> st.SearchStrategy[dict]:
    """Plausible set-ups of a registered system: drawn field by field for the kinds known here, and always the
    system's own examples (``System.examples``), which are all a new kind of system needs to be fuzzed."""
    drawn = {"crt": lone_wolf_setup, "ff": lambda _: fighting_fantasy_setup(), "citadel": lambda _: citadel_setup()}
    examples = st.sampled_from(sorted((example for use, example in SYSTEMS[system].examples.items()
                                       if use not in BENCHMARK_ONLY), key=json.dumps))  # fmt: skip
    return examples | drawn[kind(system)](system) if kind(system) in drawn else examples


dice = st.lists(small(1, 6), min_size=2, max_size=2)
units = st.sampled_from(["A", "B", "C", "1", "2", "3", "4", "Z", ""])


def wishes(system: str) -> st.SearchStrategy[dict]:
    """Plausible actions of a system, most of them refused in a given state (that is the point)."""
    if kind(system) == "crt":
        cls = SYSTEMS[system]
        extra = {"willpower": small(0, 4)} if cls.has_willpower else {}
        return st.fixed_dictionaries(
            {"do": st.sampled_from(["round", "round", *sorted(cls.action_kinds())])},
            optional={"number": small(0, 9), **extra},
        )
    if kind(system) == "ff":
        return st.fixed_dictionaries(
            {"do": st.sampled_from(sorted(SYSTEMS[system].action_kinds()))},
            optional={
                "target": small(0, 3),
                "dice": st.lists(st.none() | dice, max_size=4),
                "decline": st.booleans(),
                "luck": st.booleans(),
                "item": names,
                "food": small(1, 2),
                "amount": small(-20, 20) | st.sampled_from([1, 999_999, -999_999]),
                "spell": st.sampled_from(sorted(SPELLS)),
                "stamina": small(0, 4),
                "skill": small(-2, 2),
                "luck_change": small(-2, 2),
                "max_stamina": small(-2, 2) | st.sampled_from([999, -999]),
                "copy_dice": st.lists(st.lists(dice, min_size=2, max_size=2), max_size=2),
            },
        )
    if kind(system) != "citadel":  # any other kind: the actions legal at the start of its examples
        cls = SYSTEMS[system]
        legal = []
        for example in cls.examples.values():
            setup = cls.parse_setup(example)
            legal += [cls.action_json(a) for a in cls.legal_actions(setup, cls.initial(setup))]
        return st.sampled_from(legal)
    return st.fixed_dictionaries(
        {"do": st.sampled_from(sorted(SYSTEMS[system].action_kinds()))},
        optional={
            "unit": units,
            "target": units,
            "weapon": small(0, 1),
            "die": small(1, 6),
            "target_die": small(1, 6),
            "to": st.lists(small(0, 3), min_size=2, max_size=2),
        },
    )


@st.composite
def played_records(draw, systems=SYSTEM_KEYS) -> dict:
    """A record of a system as the app writes it: the setup, then a few actions (the default simulation policy's
    moves, which are legal, mixed with wishes, kept when accepted). A setup the rules refuse is returned as it is."""
    system = draw(st.sampled_from(systems))
    record = {"format": "pyrules-fight", "version": 1, "system": system, **draw(setups(system))}
    record["seed"] = draw(st.integers(0, rng.MAX_SEED))
    try:
        fight = Fight.from_record(record)
    except RecordError:
        return record
    policy = SYSTEMS[system].simulation_policy({"spend": draw(small(1, 3))})
    for counter in range(draw(small(0, 12))):
        if fight.state.outcome != "ongoing":
            break
        try:
            if draw(st.booleans()):
                fight.apply(draw(wishes(system)))
            else:
                fight.apply(fight.system.action_json(policy(fight.system, fight.setup, fight.state, counter)))
        except (RecordError, odds.CannotSimulate):
            continue
    return fight.record()


@st.composite
def mutated(draw, value: Any) -> Any:
    """The value with one place in it changed: replaced by a hostile value or a plausible number, dropped, or given an
    unknown key."""
    value = json.loads(json.dumps(value))
    places: list[tuple[Any, Any]] = [(None, None)]

    def walk(node: Any) -> None:
        children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in children:
            places.append((node, key))
            walk(child)

    walk(value)
    parent, key = draw(st.sampled_from(places))
    how = draw(st.sampled_from(["hostile", "number", "drop", "unknown"]))
    if parent is None:
        return draw(hostile) if how == "hostile" else value
    if how == "drop":
        del parent[key]
    elif how == "unknown" and isinstance(parent, dict):
        parent[draw(any_text)] = draw(scalars)
    else:
        parent[key] = draw(hostile if how == "hostile" else small(-3, 30) | huge_numbers)
    return value


@st.composite
def records(draw, systems=SYSTEM_KEYS) -> Any:
    """A played record, a mutation of one, or anything at all."""
    kind = draw(st.sampled_from(["played", "mutated", "mutated", "hostile"]))
    if kind == "hostile":
        return draw(hostile)
    record = draw(played_records(systems))
    return draw(mutated(record)) if kind == "mutated" else record


@st.composite
def adventures(draw) -> Any:
    """An adventure as the app writes it (its fights played records of its book, its hero a record's), a mutation of
    one, a fight record or a fight saved before adventures (each a one-fight adventure), or anything at all."""
    kind = draw(st.sampled_from(["made", "mutated", "mutated", "record", "save", "hostile"]))
    if kind == "hostile":
        return draw(hostile)
    record = draw(played_records())
    if kind == "record":
        return draw(st.sampled_from([record, draw(mutated(record))]))
    if kind == "save":
        when = draw(st.integers(0, rng.MAX_SEED) | hostile)
        save = {"format": "pyrules-save", "version": 1, "id": "x", "name": draw(names), "updated": when}
        return draw(mutated({**save, "record": record}))
    sections = st.sampled_from(["", "64", "12a", "x" * 21]) | any_text
    fights = [
        {"name": draw(names), "section": draw(sections), "outcome": "ongoing", "when": draw(st.integers(0, 10**13)),
         "record": played}  # fmt: skip
        for played in draw(st.lists(played_records([record["system"]]), max_size=2))
    ]
    adventure = {"format": "pyrules-adventure", "version": 1, "system": record["system"], "name": draw(names),
                 "hero": record.get("hero"), "section": draw(sections), "notes": draw(any_text),
                 "fights": fights}  # fmt: skip
    return draw(mutated(adventure)) if kind == "mutated" else adventure


def as_form(record: Any) -> Any:
    """A record as the set-up form sends it: the hero's and enemies' numbers as typed text."""

    def typed(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: typed(item) for key, item in value.items()}
        if isinstance(value, list):
            return [typed(item) for item in value]
        return str(value) if type(value) is int else value

    if not isinstance(record, dict):
        return record
    return {key: typed(value) if key in ("hero", "enemies") else value for key, value in record.items()}


def legal_move(record: dict) -> dict | None:
    """The next move of the default simulation policy in a played record's fight (an action the rules accept)."""
    try:
        fight = Fight.from_record(record)
        action = fight.system.simulation_policy()(fight.system, fight.setup, fight.state, 0)
    except (RecordError, odds.CannotSimulate):
        return None
    return fight.system.action_json(action) if fight.state.outcome == "ongoing" else None


# ---- hostile catalogs of the rules' texts (the words op) -------------------------------------------------------

# What a catalog's text may hold to break str.format or what fills it: a positional or empty field, a lone brace, an
# attribute, an index, a conversion, a format spec of a gigabyte, an unclosed plural, a doubled brace around a
# plural whose form is an attribute, a lone surrogate, a text past the limit.
BROKEN = ["{0}", "{}", "{", "}", "{x.__class__}", "{value.__class__.__mro__}", "{error[0]}", "{value!r}",
          "{n:>999999999}", "{n|", "{{n|x.__class__|y}}", "\ud800", "x" * 1001]  # fmt: skip
FIELD_NAME = re.compile(r"\{(\w+)\}")


def _hostile_text(template: str, how: str, rnd: Any) -> str:
    """``template`` turned hostile, in a way a catalog's check may accept (``how``): its fields renamed (to names its
    English may not have: a catalog keyed short is checked as each text is used), each chosen on as a plural (a name
    that is not a count), filled in twice or three times, braces written as themselves, or a broken piece added."""
    if how == "renamed":
        return FIELD_NAME.sub(lambda _: "{" + rnd.choice(["x", "value", "n", "error", "name", "low"]) + "}", template)
    if how == "chosen":
        return FIELD_NAME.sub(lambda m: "{" + m[1] + "|a|b|c}", template)
    if how in ("twice", "three times"):
        return " ".join([template] * (2 if how == "twice" else 3))
    if how == "broken":
        return rnd.choice([template + rnd.choice(BROKEN), rnd.choice(BROKEN)])
    if how == "braced":  # braces written as themselves, which str.format would read again where a text is reused
        return rnd.choice(["{{x}}", "{{", "}}", "a {{b}} c", template + " {{" + rnd.choice(["x", "n", "error"]) + "}}",
                           "{{{x}}}", template.replace("{", "{{{", 1)])
    return template


def keyed_short(catalog: dict[str, str]) -> dict[str, str]:
    """A catalog keyed short, as the build writes the page's copy (tools/words.py's ``keyed_short``, which also refuses
    two texts with one key; tools/ is not in the Pyodide run's copy of the tests): each text under its short key."""
    return {"": i18n.KEYED_SHORT, **{i18n.short_key(text): said for text, said in catalog.items()}}


@st.composite
def hostile_catalogs(draw, templates: list[str]) -> dict[str, str]:
    """A catalog of every text of the rules (``templates``), each made hostile or not, keyed by the English or by
    24 bits of each English text's CRC-32 as the page's download is (bounded: one seeded choice per text)."""
    rnd = draw(st.randoms(use_true_random=False))
    ways = draw(st.lists(st.sampled_from(["same", "renamed", "chosen", "twice", "three times", "braced"]), min_size=1))
    broken = draw(st.sampled_from([0.0, 0.001, 0.05]))  # how often a text is broken: refusing the whole catalog
    catalog = {text: _hostile_text(text, "broken" if rnd.random() < broken else rnd.choice(ways), rnd)
               for text in templates}  # fmt: skip
    return keyed_short(catalog) if draw(st.booleans()) else catalog
